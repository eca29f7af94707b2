// Entry for `npm run accuracy`: the harness lives in scripts/accuracy/.
import { main } from './accuracy/run.mjs';

await main(process.argv.slice(2));
