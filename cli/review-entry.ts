// The review hook's way in. A host runs `cairn review --event -` after every edit,
// so this path reads the few options a review takes with node's own parser and
// never loads commander or any other command. Anything it does not recognise (help,
// a typo, a missing value, another command) is left to the full program, which
// reports it as it reports every usage error.
import { parseArgs } from 'node:util';

/** True when the arguments were a review this entry ran; false to use the full program. */
export async function runReviewEntry(args: string[]): Promise<boolean> {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      strict: true,
      options: {
        workspace: { type: 'string', short: 'C' },
        json: { type: 'boolean' },
        'no-tests': { type: 'boolean' },
        event: { type: 'string' },
        patch: { type: 'string' },
        file: { type: 'string' },
        line: { type: 'string' },
        'dry-run': { type: 'boolean' },
      },
    });
  } catch {
    return false;
  }
  if (parsed.positionals.length !== 1 || parsed.positionals[0] !== 'review') return false;
  const v = parsed.values;
  const { reviewAction } = await import('./review.js');
  await reviewAction(
    { workspace: v.workspace, json: v.json, tests: !v['no-tests'] },
    { event: v.event, patch: v.patch, file: v.file, line: v.line, dryRun: v['dry-run'] },
  );
  return true;
}
