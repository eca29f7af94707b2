// The story library after its edit, indexed: the workspace every picture test (and
// the README's pictures) is drawn from. `pictureRuns` are the commands drawn.
import { join } from 'node:path';
import { cairnJson } from '../helpers/cli.js';
import { makeFixture, type Fixture } from '../helpers/fixture.js';
import { applyEdit, init, storyRepo, sync } from '../review-commands/story-fixture.js';

export function editedStory(): Fixture {
  const repo = storyRepo();
  init(repo);
  applyEdit(repo);
  sync(repo);
  return repo;
}

/** The graph commands drawn, by the name their pictures are saved under. */
export const PICTURE_RUNS: Record<string, string[]> = {
  impact: ['impact', 'render', '--direction', 'callers', '--depth', '2'],
  diff: ['diff', '--base', 'HEAD'],
  'tests-for': ['tests-for', 'render'],
};

/** A reviewed TypeScript workspace: one root, one file of evidence, one privacy-excluded omission. Returns the workspace and its audit log (relative to it). */
export function reviewedWorkspace(): { repo: Fixture; log: string } {
  const repo = makeFixture(
    {
      'src/pay.ts': "import { Money } from './money';\nimport { Address } from './address';\n\nexport interface Payment {\n  orderId: string;\n  customerId: string;\n  amount: Money;\n  billing: Address;\n}\n",
      'src/money.ts': 'export interface Money {\n  cents: number;\n  currency: string;\n}\n',
      'src/address.ts': 'export interface Address {\n  street: string;\n}\n',
      '.cairn.jsonc': '{ "privacyExcludes": ["src/address.ts"] }\n',
    },
    { git: true },
  );
  const run = cairnJson(['review', '--file', 'src/pay.ts', '--line', '4', '-C', repo.root], { env: { XDG_CONFIG_HOME: join(repo.root, '.no-user') } });
  if (run.code !== 0) throw new Error(`cairn review failed (${run.code}): ${run.stderr}`);
  return { repo, log: run.body.data.auditLog };
}

/** The edited story plus a file most of whose calls resolve nowhere: doctor has a low-quality location to list. */
export function doctorStory(): Fixture {
  const repo = editedStory();
  repo.write('src/legacy.rs', 'pub fn migrate() {\n    old_a();\n    old_b();\n    old_c();\n    old_d();\n    old_e();\n}\n');
  sync(repo);
  return repo;
}
