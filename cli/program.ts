import { Command } from 'commander';
import { COMMANDS, commandNamed } from './commands.js';

export const VERSION = '0.1.0';

/** The commander tree for these arguments (user arguments only, without node and script). */
export async function program(args: string[]): Promise<Command> {
  const root = new Command('cairn')
    .description('A local, read-only structural code graph for reviewers and coding agents.')
    .version(VERSION)
    .option('-C, --workspace <dir>', 'workspace root (default: the current directory)')
    .option('--json', 'print exactly one JSON document (the v0.3 envelope) on stdout')
    .option('--no-tests', 'leave test symbols out of results')
    .configureHelp({ showGlobalOptions: true })
    .exitOverride();
  const named = commandNamed(args);
  const versionOnly = !named && args.some((a) => a === '-V' || a === '--version');
  // `completion` describes every command, so it loads them all, as help does.
  const names = named && named !== 'completion' ? [named] : versionOnly ? [] : Object.keys(COMMANDS);
  for (const module of await Promise.all(names.map((name) => COMMANDS[name]!()))) module.register(root);
  // After a usage error, one line on where help is, as git and cargo do: never the whole usage.
  root.showHelpAfterError("Run 'cairn --help' for the commands, 'cairn <command> --help' for one.");
  const hint = (command: Command, path: string) => {
    command.showHelpAfterError(`Run '${path} --help' for its usage.`);
    for (const sub of command.commands) hint(sub, `${path} ${sub.name()}`);
  };
  for (const command of root.commands) hint(command, `cairn ${command.name()}`);
  return root;
}
