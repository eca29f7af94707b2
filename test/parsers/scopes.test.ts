import { describe, expect, it } from 'vitest';
import { loadQueryFiles } from '../../parsers/engine.js';
import { goAdapter, SCOPE_NODES as GO_SCOPES } from '../../parsers/go/extract.js';
import { javaAdapter, SCOPE_NODES as JAVA_SCOPES } from '../../parsers/java/extract.js';
import { SCOPE_NODES as TYPESCRIPT_SCOPES } from '../../parsers/typescript/expression-types.js';
import { typescriptAdapter } from '../../parsers/typescript/extract.js';
import { Scopes } from '../../parsers/scopes.js';
import { compileQuery, parserFor, type Node } from '../../parsers/tree-sitter.js';

const SCOPE_TYPES = ['program', 'statement_block', 'function_declaration', 'arrow_function', 'method_definition'];

/** The scopes a walk up the parents meets, innermost first: what `Scopes.around` must answer. */
function byParents(node: Node): number[] {
  const out: number[] = [];
  for (let n = node.parent; n; n = n.parent) if (SCOPE_TYPES.includes(n.type)) out.push(n.id);
  return out;
}

async function scopesOf(source: string) {
  const parser = await parserFor('typescript');
  const tree = parser.parse(source)!;
  const query = await compileQuery('typescript', `[${SCOPE_TYPES.map((t) => `(${t})`).join(' ')}] @local.scope`);
  const scopes = new Scopes(query.captures(tree.rootNode).map((c) => c.node));
  query.delete();
  const nodes: Node[] = [];
  const visit = (n: Node) => {
    nodes.push(n);
    for (const child of n.children) if (child) visit(child);
  };
  visit(tree.rootNode);
  return { tree, scopes, nodes };
}

describe('scopes around a node', () => {
  it('are the scopes a walk up the parents meets, for every node that is not empty', async () => {
    const sources = [
      // nested functions, blocks, arrow bodies without braces, a class
      'const f = (a) => { if (a) { g(a, (b) => b.c()); } return h(); };\nclass C { m() { return () => this.n(); } }\nfunction k() {}\n',
      // a file that is one declaration: the program and the function share a range
      'function only() { return only(); }',
      // recovery from errors: missing tokens are empty nodes
      'function broken( { call(; }\nconst x = => y;\n',
    ];
    for (const source of sources) {
      const { tree, scopes, nodes } = await scopesOf(source);
      let answered = 0;
      for (const node of nodes) {
        const around = scopes.around(node);
        if (node.startIndex === node.endIndex) {
          expect(around).toBeUndefined();
          continue;
        }
        expect(around?.map((n) => n.id), `${node.type} at ${node.startIndex} in ${JSON.stringify(source)}`).toEqual(byParents(node));
        answered++;
      }
      expect(answered).toBeGreaterThan(10);
      tree.delete();
    }
  });

  it('gives no answer for a node of another tree', async () => {
    const a = await scopesOf('function a() { b(); }\n');
    const b = await scopesOf('function a() { b(); }\n');
    expect(a.scopes.around(b.nodes[3])).toBeUndefined();
    a.tree.delete();
    b.tree.delete();
  });
});

describe('@local.scope captures', () => {
  // An adapter's walk up the parents (the fallback) looks for these types; the fast path
  // trusts the query to capture exactly them.
  const cases = [
    {
      adapter: typescriptAdapter,
      types: TYPESCRIPT_SCOPES,
      source: 'function* g() {}\nconst a = function () {};\nconst b = () => { { } };\nconst h = function* () {};\nclass C { m() {} }\nfunction f() {}\n',
    },
    { adapter: goAdapter, types: GO_SCOPES, source: 'package p\n\nfunc f() { g := func() {}; g() }\n\nfunc (r T) m() {}\n' },
    {
      adapter: javaAdapter,
      types: JAVA_SCOPES,
      source: 'class A { A() {} void m() {} interface I {} enum E { X } record R(int a) { R {} } @interface N {} }\n',
    },
  ];
  for (const { adapter, types, source } of cases) {
    it(`are the scope types the ${adapter.grammar} adapter looks for`, async () => {
      const parser = await parserFor(adapter.grammar);
      const query = await loadQueryFiles(adapter.grammar, adapter.queryFiles);
      const tree = parser.parse(source)!;
      expect(tree.rootNode.hasError).toBe(false);
      const captured = new Set(query.captures(tree.rootNode).filter((c) => c.name === 'local.scope').map((c) => c.node.type));
      expect([...captured].sort()).toEqual([...types].sort());
      tree.delete();
    });
  }
});
