import type { Command } from 'commander';
import { registerNeighbourCommand } from './neighbour-command.js';

export function register(program: Command): void {
  registerNeighbourCommand(program, 'callees');
}
