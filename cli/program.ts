import { Command } from 'commander';
import { COMMANDS } from './commands.js';

export const VERSION = '0.1.0';

export function program(): Command {
  const root = new Command('cairn')
    .description('A local, read-only structural code graph for reviewers and coding agents.')
    .version(VERSION)
    .option('-C, --workspace <dir>', 'workspace root (default: the current directory)')
    .option('--json', 'print exactly one JSON document (the v0.3 envelope) on stdout')
    .option('--no-tests', 'leave test symbols out of results')
    .showHelpAfterError()
    .enablePositionalOptions(false);
  for (const register of COMMANDS) register(root);
  return root;
}
