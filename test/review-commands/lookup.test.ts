import { describe, expect, it } from 'vitest';
import { lookupSymbol, requireSymbol } from '../../graph/lookup.js';
import { FakeGraph } from './fake-graph.js';

// The shape of requests: a top-level `get` and three methods called `get`.
const graph = new FakeGraph([
  { id: 'api.py::get' },
  { id: 'sessions.py::Session', kind: 'class' },
  { id: 'sessions.py::Session.get', kind: 'method', parent: 'sessions.py::Session' },
  { id: 'cookies.py::RequestsCookieJar.get', kind: 'method' },
  { id: 'structures.py::LookupDict.get', kind: 'method' },
  { id: 'pkg/__init__.py::helper' },
]);

const found = (query: string) => {
  const answer = lookupSymbol(graph, query);
  return answer.kind === 'found' ? answer.symbol.id : answer.kind;
};

describe('symbol lookup', () => {
  it('refuses a bare name several symbols carry, whatever their nesting, with every candidate', () => {
    const answer = lookupSymbol(graph, 'get');
    expect(answer.kind).toBe('ambiguous');
    if (answer.kind !== 'ambiguous') return;
    expect(answer.total).toBe(4);
    expect(answer.candidates.map((s) => s.id)).toContain('api.py::get');
    expect(answer.candidates.map((s) => s.id)).toContain('sessions.py::Session.get');
    expect(() => requireSymbol(graph, 'get')).toThrow(expect.objectContaining({ code: 'ambiguous_symbol' }));
  });

  it('selects by id, by qualified name, and by module-qualified name', () => {
    expect(found('api.py::get')).toBe('api.py::get');
    expect(found('Session.get')).toBe('sessions.py::Session.get');
    expect(found('Session::get')).toBe('sessions.py::Session.get');
    expect(found('api.get')).toBe('api.py::get');
    expect(found('sessions.Session.get')).toBe('sessions.py::Session.get');
    expect(found('pkg.helper')).toBe('pkg/__init__.py::helper');
    expect(found('helper')).toBe('pkg/__init__.py::helper');
    expect(found('nowhere.get')).toBe('missing');
  });
});
