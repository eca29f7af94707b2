// The DOT printer: a picture as Graphviz text. Callers sit left of what they call;
// low-confidence edges are dashed, boundaries and candidates dotted or red, tests
// drawn as notes, frontiers with a dotted border. Node and edge ids and classes
// carry through to Graphviz's SVG, where the HTML page finds them.
import { isDashed, type Picture, type PictureEdge, type PictureNode } from './picture.js';
import { COLOURS, edgeColour, nodeFill, nodeTags, nodeWhere } from './style.js';

/** A DOT double-quoted string: quotes and backslashes escaped, newlines as label breaks. */
export function dotString(text: string): string {
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\r?\n/g, '\\n')}"`;
}

const attributes = (pairs: Record<string, string | number | undefined>) =>
  Object.entries(pairs)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${typeof v === 'number' ? v : dotString(v!)}`)
    .join(' ');

function nodeShape(node: PictureNode): { shape: string; style: string; color: string; fontcolor?: string } {
  switch (node.role) {
    case 'unresolved':
      return { shape: 'octagon', style: 'dashed', color: COLOURS.unresolved, fontcolor: COLOURS.unresolved };
    case 'frontier':
      return { shape: 'box', style: 'rounded,dotted', color: COLOURS.frontier, fontcolor: COLOURS.frontier };
    case 'unmapped':
      return { shape: 'note', style: 'dashed', color: COLOURS.unmapped, fontcolor: COLOURS.unmapped };
    default: {
      const border = node.frontier ? ',dotted' : node.role === 'root' ? ',bold' : node.change === 'removed' ? ',dashed' : '';
      return { shape: node.test ? 'note' : 'box', style: `${node.test ? '' : 'rounded,'}filled${border}`, color: '#37474f' };
    }
  }
}

export function nodeClasses(node: PictureNode): string {
  return [`role-${node.role}`, node.test ? 'test' : '', node.change ? `change-${node.change}` : '', node.frontier ? 'frontier' : ''].filter(Boolean).join(' ');
}

function dotNode(node: PictureNode): string {
  const shape = nodeShape(node);
  const tags = nodeTags(node).filter((t) => t !== 'root' && t !== 'unresolved' && t !== 'no symbol');
  const where = nodeWhere(node);
  const label = [node.label + (tags.length ? ` [${tags.join(', ')}]` : ''), where].filter(Boolean).join('\n');
  return `  ${node.id} [${attributes({
    id: node.id,
    class: nodeClasses(node),
    label,
    tooltip: [node.kind, where, node.note].filter(Boolean).join('  '),
    shape: shape.shape,
    style: shape.style,
    color: shape.color,
    fontcolor: shape.fontcolor,
    fillcolor: node.role === 'unresolved' || node.role === 'frontier' || node.role === 'unmapped' ? undefined : nodeFill(node),
    penwidth: node.role === 'root' ? 2 : undefined,
  })}];`;
}

function dotEdge(edge: PictureEdge): string {
  const style = edge.kind === 'candidate' || edge.kind === 'frontier' ? 'dotted' : isDashed(edge) ? 'dashed' : 'solid';
  const colour = edgeColour(edge);
  return `  ${edge.from} -> ${edge.to} [${attributes({
    id: edge.id,
    class: `edge-${edge.kind}${isDashed(edge) ? ' low' : ''}`,
    label: edge.label,
    tooltip: edge.label,
    style,
    color: colour,
    fontcolor: colour,
  })}];`;
}

/** `title: false` leaves the title out of the drawing (a page that prints it above). */
export function toDot(picture: Picture, options: { title?: boolean } = {}): string {
  const title = options.title === false ? undefined : picture.title;
  return [
    ...picture.warnings.map((w) => `// ${w.replace(/\r?\n/g, ' ')}`),
    'digraph cairn {',
    `  graph [${attributes({ label: title, labelloc: title === undefined ? undefined : 't', fontname: 'Helvetica', fontsize: 12, rankdir: 'LR' })}];`,
    '  node [fontname="Helvetica" fontsize=10 margin="0.12,0.05"];',
    '  edge [fontname="Helvetica" fontsize=9];',
    ...picture.nodes.map(dotNode),
    ...picture.edges.map(dotEdge),
    '}',
    '',
  ].join('\n');
}
