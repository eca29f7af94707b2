// Worker thread for `doctor`: computes the graph-quality diagnostics (full scans of
// the unresolved records and low-tier edges) while the main thread checks freshness
// against the work tree. The worker opens the index itself (one environment per thread).
import { parentPort, workerData } from 'node:worker_threads';
import { openStore } from '../store/index.js';
import { graphQuality } from './doctor.js';

const { workspace, prefix } = workerData as { workspace: string; prefix?: string };
const store = openStore(workspace, { readOnly: true });
try {
  // The verdict is decided by the caller once freshness is known.
  parentPort!.postMessage(graphQuality(store, true, { prefix }));
} finally {
  await store.close();
}
