// The Mermaid printer: a picture as a flowchart. Shapes say the role (stadium for
// the root, subroutine for tests, hexagon for unresolved calls, parallelogram for
// frontiers); dashed arrows are low-confidence edges, boundaries and candidates.
import { isDashed, type Picture, type PictureEdge, type PictureNode } from './picture.js';
import { COLOURS, edgeColour, nodeFill, nodeTags, nodeWhere } from './style.js';

/** Mermaid's own defaults, which only the site that sets Mermaid up can raise (not the text). */
export const MERMAID_MAX_EDGES = 500;
export const MERMAID_MAX_TEXT = 50_000;

/** Label text inside Mermaid quotes: characters Mermaid reads as syntax become entity codes. */
export function mermaidText(text: string): string {
  return text.replace(/[#"`<>&]/g, (c) => `#${c.charCodeAt(0)};`).replace(/\r?\n/g, ' ');
}

const SHAPES: Record<string, [string, string]> = {
  root: ['(["', '"])'],
  test: ['[["', '"]]'],
  unresolved: ['{{"', '"}}'],
  frontier: ['[/"', '"/]'],
  unmapped: ['>"', '"]'],
  symbol: ['["', '"]'],
};

function shapeOf(node: PictureNode): [string, string] {
  if (node.role === 'root' || node.role === 'unresolved' || node.role === 'frontier' || node.role === 'unmapped') return SHAPES[node.role]!;
  return node.test ? SHAPES.test! : SHAPES.symbol!;
}

function classOf(node: PictureNode): string {
  if (node.role === 'changed') return node.change ?? 'unknown';
  if (node.role === 'symbol') return node.test ? 'test' : node.frontier ? 'frontier' : 'symbol';
  return node.role;
}

function mermaidNode(node: PictureNode): string {
  const [open, close] = shapeOf(node);
  const tags = nodeTags(node).filter((t) => t !== 'root' && t !== 'unresolved' && t !== 'no symbol');
  const where = nodeWhere(node);
  const label = mermaidText(node.label + (tags.length ? ` [${tags.join(', ')}]` : '')) + (where ? `<br/>${mermaidText(where)}` : '');
  return `  ${node.id}${open}${label}${close}`;
}

function mermaidEdge(edge: PictureEdge): string {
  const arrow = isDashed(edge) ? '-.->' : '-->';
  return `  ${edge.from} ${arrow}|"${mermaidText(edge.label)}"| ${edge.to}`;
}

export function toMermaid(picture: Picture): string {
  const classes = new Map<string, string[]>();
  for (const node of picture.nodes) {
    const name = classOf(node);
    classes.set(name, [...(classes.get(name) ?? []), node.id]);
  }
  const fill = (name: string) => {
    const sample = picture.nodes.find((n) => classOf(n) === name)!;
    if (name === 'unresolved') return `fill:#ffffff,stroke:${COLOURS.unresolved},color:${COLOURS.unresolved},stroke-dasharray:4 3`;
    if (name === 'frontier' || name === 'unmapped') return `fill:#ffffff,stroke:${COLOURS.frontier},color:${COLOURS.frontier},stroke-dasharray:2 2`;
    return `fill:${nodeFill(sample)},stroke:#37474f${name === 'root' ? ',stroke-width:3px' : ''}`;
  };
  const colouredEdges = picture.edges.flatMap((e, i) => (edgeColour(e) === COLOURS.edge ? [] : [`  linkStyle ${i} stroke:${edgeColour(e)},color:${edgeColour(e)}`]));
  const text = [
    'flowchart LR',
    ...picture.nodes.map(mermaidNode),
    ...picture.edges.map(mermaidEdge),
    ...[...classes.keys()].map((name) => `  classDef ${name} ${fill(name)}`),
    ...[...classes].map(([name, ids]) => `  class ${ids.join(',')} ${name}`),
    ...colouredEdges,
    '',
  ].join('\n');
  const tooLarge =
    picture.edges.length > MERMAID_MAX_EDGES || text.length > MERMAID_MAX_TEXT
      ? [`%% ${picture.edges.length} edges, ${text.length} characters: over Mermaid's default maxEdges (${MERMAID_MAX_EDGES}) or maxTextSize (${MERMAID_MAX_TEXT}); raise them where Mermaid is set up, or use --format dot or html`]
      : [];
  return [
    `%% ${picture.title}`,
    ...tooLarge,
    ...picture.warnings.map((w) => `%% ${w.replace(/\r?\n/g, ' ')}`),
    text,
  ].join('\n');
}
