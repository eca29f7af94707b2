// `doctor` on a clean, well-formed repository whose unresolved calls are all external,
// builtin or indirect says `trusted`: a verdict that can be earned.
import { afterAll, describe, expect, it } from 'vitest';
import { cairn, cairnJson } from '../helpers/cli.js';
import { makeFixture } from '../helpers/fixture.js';

const fx = makeFixture({
  'go.mod': 'module example.com/app\n',
  'run.go': `package app

import "fmt"

type byName []string

func Run(names []string, hook func(string)) error {
	sorted := byName(names)
	for _, n := range sorted {
		hook(n)
	}
	if len(names) == 0 {
		return fmt.Errorf("no names")
	}
	return nil
}
`,
  // go-cobra's doc/cmd_test.go: methods called on package-level variables in init(). Untyped,
  // these were missing_target, 40% of the file's calls, and the verdict degraded.
  'cmd.go': `package app

import flag "github.com/spf13/pflag"

type Command struct{ flags *flag.FlagSet }

func (c *Command) Flags() *flag.FlagSet { return c.flags }

var rootCmd = &Command{}

func init() {
	rootCmd.Flags().StringP("a", "a", "", "")
	rootCmd.Flags().StringP("b", "b", "", "")
	rootCmd.Flags().BoolP("c", "c", false, "")
}
`,
  'client.py': `from urllib3.util.retry import Retry
import json


class Client(dict):
    def __init__(self):
        super().__init__()
        self.retries = Retry.from_int(3)

    def dump(self):
        return json.dumps(self.items())
`,
});
afterAll(() => fx.remove());

describe('trust verdict', () => {
  it('is trusted when every unresolved call is external, builtin or indirect', () => {
    expect(cairnJson(['init', '-C', fx.root]).code).toBe(0);
    const quality = cairnJson(['doctor', '-C', fx.root]).body.data.graph_quality;
    expect(quality.unresolved).toMatchObject({ missing_target: 0, ambiguous_target: 0 });
    expect(quality.unresolved.indirect_call).toBe(1);
    expect(quality.outside_workspace.external).toBeGreaterThan(0);
    expect(quality.trust_verdict).toBe('trusted');
    expect(quality.verdict_causes).toEqual([]);
  });
});

describe('a degraded verdict', () => {
  const broken = makeFixture({
    'go.mod': 'module example.com/app\n',
    'ok.go': `package app

func Ok() { helper() }

func helper() {}
`,
    'lost.go': `package app

func Lost(c Client) {
	c.Open()
	c.Send()
	c.Close()
	c.Retry()
	c.Flush()
}
`,
  });
  afterAll(() => broken.remove());

  it('names its real cause: the file whose calls find no target', () => {
    expect(cairnJson(['init', '-C', broken.root]).code).toBe(0);
    const quality = cairnJson(['doctor', '-C', broken.root]).body.data.graph_quality;
    expect(quality.trust_verdict).toBe('degraded');
    expect(quality.verdict_causes).toEqual(['low_quality_locations: lost.go leaves 4 of 5 call sites with a missing or ambiguous target (and 1 more location)']);
    expect(cairn(['doctor', '-C', broken.root]).stdout).toContain('Graph trust: degraded, because low_quality_locations: lost.go leaves 4 of 5');
  });
});
