// Every command registers itself here: one file per command in cli/, each exporting
// `register(program)`. Keep this list the only place that knows them all.
import type { Command } from 'commander';
import { register as callees } from './callees.js';
import { register as callers } from './callers.js';
import { register as explore } from './explore.js';
import { register as exportGraph } from './export.js';
import { register as files } from './files.js';
import { register as howto } from './howto.js';
import { register as init } from './init.js';
import { register as node } from './node.js';
import { register as search } from './search.js';
import { register as status } from './status.js';
import { register as sync } from './sync.js';

export type Register = (program: Command) => void;

export const COMMANDS: Register[] = [init, sync, status, files, search, node, callers, callees, explore, howto, exportGraph];
