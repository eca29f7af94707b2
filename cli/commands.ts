// Every command registers itself here: one file per command in cli/, each exporting
// `register(program)`. Keep this list the only place that knows them all.
import type { Command } from 'commander';

export type Register = (program: Command) => void;

export const COMMANDS: Register[] = [];
