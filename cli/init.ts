import type { Command } from 'commander';
import { registerIndexCommand } from './index-command.js';

export function register(program: Command): void {
  registerIndexCommand(program, 'init', 'index the workspace from scratch into .cairn/');
}
