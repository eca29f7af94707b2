// The cairn program: builds the commander tree for this invocation and runs it.
// Usage errors that commander finds (unknown option, missing argument) still
// print one JSON document in --json mode, and exit 2. The review hook, which a
// host runs after every edit, has its own entry that skips commander.
import { CONTRACT_VERSION } from '../contracts/envelope.js';
import { argumentBytes, MAX_ARGUMENT_BYTES } from '../gate/argument-bytes.js';

// A reader that stops early (`cairn export | head`) is not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

async function runProgram(args: string[]): Promise<void> {
  const [{ CommanderError }, { commandNamed }, { program }] = await Promise.all([import('commander'), import('./commands.js'), import('./program.js')]);
  const cli = await program(args);
  if (args.includes('--json') && (args.includes('--help') || args.includes('-h') || args.find((a) => !a.startsWith('-')) === 'help')) {
    await printJsonHelp(cli, args);
    return;
  }
  try {
    await cli.parseAsync(args, { from: 'user' });
  } catch (error) {
    if (!(error instanceof CommanderError)) throw error;
    const benign = error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.code === 'commander.help';
    if (benign) {
      process.exitCode = 0;
      return;
    }
    usageFailure(args, commandNamed(args) ?? 'cairn', error.message.replace(/^error: /, ''), false);
  }
}

/** `--json --help`: the command's definition (arguments, options with their choices, subcommands) as one envelope. */
async function printJsonHelp(cli: import('commander').Command, args: string[]): Promise<void> {
  const { describeCommand, locate } = await import('./command-tree.js');
  const words = args.filter((a) => a !== 'help');
  const envelope = {
    contract_version: CONTRACT_VERSION,
    command: 'help',
    ok: true,
    data: describeCommand(locate(cli, words).command),
    warnings: [],
    truncated: false,
    next_action: 'none',
  };
  process.stdout.write(`${JSON.stringify(envelope)}\n`);
}

/** Exit 2; in --json mode one envelope on stdout, otherwise (when commander has not said it already) the message on stderr. */
function usageFailure(args: string[], command: string, message: string, say: boolean): void {
  process.exitCode = 2;
  if (args.includes('--json')) {
    const envelope = {
      contract_version: CONTRACT_VERSION,
      command,
      ok: false,
      data: {},
      warnings: [{ code: 'invalid_argument', message }],
      truncated: false,
      next_action: 'none',
    };
    process.stdout.write(`${JSON.stringify(envelope)}\n`);
  } else if (say) process.stderr.write(`cairn: ${message}\n`);
}

// A longer argument than the bound is refused before any command runs.
const args = process.argv.slice(2);
const long = args.findIndex((a) => a.length > MAX_ARGUMENT_BYTES / 4 && argumentBytes(a) > MAX_ARGUMENT_BYTES);
if (long !== -1) {
  const [{ commandNamed }, { program }, { locate }] = await Promise.all([import('./commands.js'), import('./program.js'), import('./command-tree.js')]);
  const { role } = locate(await program(args), args, long);
  const what = !role ? `argument ${long + 1}` : role.startsWith('-') ? `the value of ${role}` : role;
  usageFailure(args, commandNamed(args) ?? 'cairn', `${what} is ${argumentBytes(args[long]!)} bytes long; the bound on an argument is ${MAX_ARGUMENT_BYTES} bytes`, true);
} else {
  const reviewed = args.includes('review') && (await (await import('./review-entry.js')).runReviewEntry(args));
  if (!reviewed) await runProgram(args);
}
