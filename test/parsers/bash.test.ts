import { describe, expect, it } from 'vitest';
import { extractFacts } from '../../parsers/index.js';
import { prepareBats } from '../../parsers/bash/extract.js';
import { render } from './render.js';

const SCRIPT = `#!/usr/bin/env bash
source ./lib/util.sh
. "\${ROOT}/hack/lib/init.sh"
function greet() {
  local name=$1
  echo "hi $name"
  helper "$name" | grep x
}
helper() { kube::log::status "x"; $cmd arg; "\${fn}" a; }
kube::log::status() {
  inner() { :; }
  inner
}
x=$(greet bob)
if greet a; then sudo -E helper; fi
command -v jq >/dev/null && exec ./bin/run.sh
`;

describe('bash extraction', () => {
  it('extracts functions, commands as call sites, sources as imports and expansions as indirect', async () => {
    const facts = await extractFacts('hack/a.sh', SCRIPT, 'bash');
    expect(render(facts)).toMatchSnapshot();
    expect(facts.symbols.map((s) => `${s.kind} ${s.qualifiedName}`)).toEqual([
      'function greet',
      'function helper',
      'function kube::log::status',
      // Functions are global in Bash: a nested definition is named as written.
      'function inner',
    ]);
    expect(facts.symbols[3]!.parent).toBe(2);
    const call = (spec: string) => facts.callSites.find((c) => c.specifier === spec)!;
    expect(call('$cmd')).toMatchObject({ indirect: true });
    expect(call('"${fn}"')).toMatchObject({ indirect: true });
    expect(call('kube::log::status')).toMatchObject({ calleeName: 'kube::log::status', caller: 1 });
    // Wrappers call their operand; `command -v` runs nothing; `source` is no call.
    expect(facts.callSites.map((c) => c.calleeName)).toEqual(['echo', 'helper', 'grep', 'kube::log::status', '$cmd', '"${fn}"', ':', 'inner', 'greet', 'greet', 'helper', './bin/run.sh']);
    expect(facts.imports.map((i) => i.source)).toEqual(['./lib/util.sh', '${ROOT}/hack/lib/init.sh']);
  });

  it('reads Bats @test blocks as tests named by their title, and `load` as a source of .bash', async () => {
    const source = `load test_helper
setup() { export X=1; }

@test "greets \\"bob\\"" {
  run greet bob
  [ "$status" -eq 0 ]
}

@test 'fails on nothing' {
  run ! greet
}
`;
    const prepared = prepareBats(source);
    expect(prepared.length).toBe(source.length);
    expect(prepared.split('\n').length).toBe(source.split('\n').length);
    const facts = await extractFacts('test/greet.bats', source, 'bash');
    expect(facts.symbols.map((s) => `${s.kind} ${s.name} ${s.isTest} ${s.startLine}-${s.endLine}`)).toEqual([
      'function setup true 2-2',
      'test greets \\"bob\\" true 4-7',
      'test fails on nothing true 9-11',
    ]);
    expect(facts.callSites.map((c) => `${c.calleeName} in ${c.caller === null ? '-' : facts.symbols[c.caller]!.name}`)).toEqual([
      'greet in greets \\"bob\\"',
      'greet in fails on nothing',
    ]);
    expect(facts.imports.map((i) => i.source)).toEqual(['test_helper.bash']);
  });

  it('parses what the scanner needs the C library for (`$x`, `case`, `[[ ]]`)', async () => {
    const facts = await extractFacts('a.sh', 'case $x in a) echo "${A}";; esac\nif [[ $a == b ]]; then run_it $A; fi\n', 'bash');
    expect(facts.syntaxErrors).toBeUndefined();
    expect(facts.callSites.map((c) => c.calleeName)).toEqual(['echo', 'run_it']);
  });
});
