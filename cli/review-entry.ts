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
  const globals = { workspace: v.workspace, json: v.json, tests: !v['no-tests'] };
  const options = { event: v.event, patch: v.patch, file: v.file, line: v.line, dryRun: v['dry-run'] };
  let input: string | undefined;
  let startServer: (() => Promise<void>) | undefined;
  // Hook events go to the workspace's warm review server when one runs (see review-client.ts).
  if (v.event !== undefined && v.patch === undefined && v.file === undefined) {
    const { reviewThroughServer } = await import('../agents/review-client.js');
    const route = await reviewThroughServer(globals, v.event, Boolean(v['dry-run']));
    if (route.served) {
      await new Promise<void>((flushed) => process.stdout.write('', () => flushed()));
      process.exit();
    }
    input = route.input;
    startServer = route.start ?? undefined;
  }
  const { reviewAction } = await import('./review.js');
  await reviewAction(globals, options, input, startServer);
  return true;
}
