// The story library after its edit, indexed: the workspace every picture test (and
// the README's pictures) is drawn from. `pictureRuns` are the commands drawn.
import { applyEdit, init, storyRepo, sync } from '../review-commands/story-fixture.js';
import type { Fixture } from '../helpers/fixture.js';

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
