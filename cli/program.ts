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
    .showHelpAfterError()
    .exitOverride();
  const named = commandNamed(args);
  const versionOnly = !named && args.some((a) => a === '-V' || a === '--version');
  const names = named ? [named] : versionOnly ? [] : Object.keys(COMMANDS);
  for (const module of await Promise.all(names.map((name) => COMMANDS[name]!()))) module.register(root);
  return root;
}
