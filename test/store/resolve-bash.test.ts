import { afterEach, describe, expect, it } from 'vitest';
import { describeAnswer, indexFiles, type IndexedFixture } from './resolve-languages.fixture.js';

let open: IndexedFixture | undefined;
afterEach(async () => {
  await open?.cleanup();
  open = undefined;
});

describe('Bash resolution', () => {
  it('binds this file, the files it sources (through expansions and chains), builtins, programs and the rest by name', async () => {
    open = await indexFiles({
      'hack/lib/init.sh': 'source "$(dirname "${BASH_SOURCE[0]}")/logging.sh"\n',
      'hack/lib/logging.sh': 'kube::log::status() { echo "$@"; }\n',
      'hack/lib/util.sh': 'kube::util::wait() { kube::log::status waiting; }\nshared() { :; }\n',
      'cluster/lib.sh': 'shared() { :; }\n',
      'other/lib.sh': 'shared() { :; }\nlonely() { :; }\n',
      'hack/build.sh': `#!/usr/bin/env bash
KUBE_ROOT=$(dirname "\${BASH_SOURCE[0]}")/..
source "\${KUBE_ROOT}/hack/lib/init.sh"
. ./lib/util.sh
build() {
  kube::log::status "building"
  kube::util::wait
  local_step
  echo done
  go build ./...
  "$GO" version
  ./hack/verify.sh
  kube::missing::thing
  shared
  lonely
}
local_step() { :; }
`,
    });
    const at = (spec: string) => describeAnswer(open!.answer('hack/build.sh', spec));
    expect(at('local_step')).toBe('hack/build.sh::local_step (exact)');
    // hack/lib/init.sh through ${KUBE_ROOT}, then logging.sh through $(dirname ...).
    expect(at('kube::log::status')).toBe('hack/lib/logging.sh::kube::log::status (exact)');
    // `. ./lib/util.sh` from hack/.
    expect(at('kube::util::wait')).toBe('hack/lib/util.sh::kube::util::wait (exact)');
    expect(at('shared')).toBe('hack/lib/util.sh::shared (exact)');
    expect(at('echo')).toBe('builtin');
    expect(at('go')).toBe('external program:go');
    expect(at('"$GO"')).toBe('indirect_call');
    expect(at('./hack/verify.sh')).toBe('external program:./hack/verify.sh');
    expect(at('kube::missing::thing')).toBe('missing_target');
    // Not sourced, defined once elsewhere: by name only.
    expect(at('lonely')).toBe('other/lib.sh::lonely (name_only)');
    // A library whose caller sources its neighbour: by name; several → ambiguous.
    expect(describeAnswer(open!.answer('hack/lib/util.sh', 'kube::log::status'))).toBe('hack/lib/logging.sh::kube::log::status (name_only)');
    expect(describeAnswer(open!.answer('cluster/lib.sh', ':'))).toBe('builtin');
  });

  it('makes Bats tests callers of the functions they run, through `load`', async () => {
    open = await indexFiles({
      'bin/greet.sh': 'greet() { echo "hi $1"; }\n',
      'test/test_helper.bash': 'source "$BATS_TEST_DIRNAME/../bin/greet.sh"\n',
      'test/greet.bats': 'load test_helper\n\n@test "greets" {\n  run greet bob\n}\n',
    });
    expect(describeAnswer(open.answer('test/greet.bats', 'greet'))).toBe('bin/greet.sh::greet (exact)');
  });
});
