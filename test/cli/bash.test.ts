// Bash end to end through the built CLI: a script, the library it sources and a Bats
// test that loads a helper; `tests-for` walks from the library function to the test.
import { chmodSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cairnJson } from '../helpers/cli.js';
import { makeFixture, type Fixture } from '../helpers/fixture.js';

const FILES = {
  'lib/util.sh': 'say() { echo "$@"; }\n',
  'bin/greet.sh': '#!/usr/bin/env bash\nsource "$(dirname "$0")/../lib/util.sh"\ngreet() { say "hi $1"; }\n',
  // Extensionless and executable: Bash by its #! line.
  'bin/hello': '#!/usr/bin/env bash\nsource "$(dirname "$0")/greet.sh"\ngreet world\n',
  // build/ is a folder the index leaves out: what a script sources from it is excluded, not missing.
  'build/common.sh': 'kube::build::image() { :; }\n',
  'hack/make.sh': 'source "${KUBE_ROOT}/build/common.sh"\nkube::build::image\n',
  'test/test_helper.bash': 'source "$BATS_TEST_DIRNAME/../bin/greet.sh"\n',
  'test/greet.bats': 'load test_helper\n\n@test "greets bob" {\n  run greet bob\n  [ "$status" -eq 0 ]\n}\n',
};

describe('bash through the CLI', () => {
  let repo: Fixture;
  beforeAll(() => {
    repo = makeFixture(FILES);
    chmodSync(join(repo.root, 'bin/hello'), 0o755);
    repo.git('init', '-q', '-b', 'main');
    repo.commit('initial');
    expect(cairnJson(['init', '-C', repo.root]).code).toBe(0);
  });
  afterAll(() => repo.remove());

  it('indexes .sh, .bash, .bats and #! scripts and leaves no unsupported extension', () => {
    const doctor = cairnJson(['doctor', '-C', repo.root]).body.data.graph_quality;
    expect(doctor.unsupported_extensions).toEqual([]);
    expect(doctor.trust_verdict).toBe('trusted');
    const stats = cairnJson(['status', '-C', repo.root]).body.data.stats;
    expect(stats.files_by_language.bash).toBe(6);
  });

  it('says a function sourced from a folder the index leaves out is excluded', () => {
    const records = cairnJson(['unresolved', '--in', 'hack/', '-C', repo.root]).body.data.references;
    expect(records.map((r: any) => `${r.specifier} ${r.reason}`)).toEqual(['kube::build::image excluded']);
  });

  it('answers callers through sourced files', () => {
    const callers = (symbol: string) => cairnJson(['callers', symbol, '-C', repo.root]).body.data.neighbours.map((n: any) => `${n.symbol.id} ${n.resolution_kind}`);
    expect(callers('lib/util.sh::say')).toEqual(['bin/greet.sh::greet exact']);
    expect(callers('bin/greet.sh::greet')).toEqual(['bin/hello:: exact', 'test/greet.bats::greets bob exact']);
  });

  it('finds the Bats test of a library function through the script it runs', () => {
    const tests = cairnJson(['tests-for', 'lib/util.sh::say', '-C', repo.root]).body.data.tests;
    expect(tests.map((t: any) => `${t.test.qualified_name} ${t.test.kind} ${t.evidence}`)).toEqual(['greets bob test direct_call']);
  });
});
