// The cairn program: builds the commander tree from cli/commands.ts and runs it.
import { program } from './program.js';

await program().parseAsync(process.argv);
