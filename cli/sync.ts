import type { Command } from 'commander';
import { registerIndexCommand } from './index-command.js';

export function register(program: Command): void {
  registerIndexCommand(program, 'sync', 'bring the index up to date: re-analyse only what changed');
}
