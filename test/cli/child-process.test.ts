// The one helper every child process runs through: both pipes are read (a child that
// fills stderr before it answers still answers), stdout is bounded and every run has
// a deadline, synchronous or not.
import { describe, expect, test } from 'vitest';
import { childTextSync, ChildError, runChild, runChildSync, startChild } from '../../gate/child.js';

const node = process.execPath;
/** Prints 1 MiB to stderr (16 times what a pipe holds), then its answer. */
const chatty = `process.stderr.write('w'.repeat(1 << 20), () => process.stdout.write('answer'))`;

describe('child processes', () => {
  test('a child that fills its stderr before answering still answers, keeping only a tail of stderr', async () => {
    const run = await runChild(node, ['-e', chatty], { timeoutMs: 20_000, maxStdoutBytes: 1024 });
    expect(run).toMatchObject({ outcome: 'exited', status: 0, problem: '' });
    expect(run.stdout.toString()).toBe('answer');
    expect(run.stderr.length).toBeLessThanOrEqual(8 * 1024);
    expect(childTextSync(node, ['-e', chatty], { timeoutMs: 20_000, maxStdoutBytes: 1024 })).toBe('answer');
  });

  test('a child past its deadline is stopped, and the problem says so', async () => {
    const run = await runChild(node, ['-e', 'setTimeout(() => {}, 60_000)'], { timeoutMs: 300, maxStdoutBytes: 1024 });
    expect(run.outcome).toBe('timeout');
    expect(run.problem).toMatch(/did not finish within 300 ms/);
    const sync = runChildSync(node, ['-e', 'setTimeout(() => {}, 60_000)'], { timeoutMs: 300, maxStdoutBytes: 1024 });
    expect(sync.outcome).toBe('timeout');
    expect(() => childTextSync(node, ['-e', 'setTimeout(() => {}, 60_000)'], { timeoutMs: 300, maxStdoutBytes: 1024 })).toThrow(ChildError);
  });

  test('a child printing past its stdout bound is stopped', async () => {
    const flood = `const b = Buffer.alloc(1 << 16, 120); const more = () => { while (process.stdout.write(b)); process.stdout.once('drain', more); }; more();`;
    const run = await runChild(node, ['-e', flood], { timeoutMs: 20_000, maxStdoutBytes: 100_000 });
    expect(run.outcome).toBe('overflow');
    expect(run.stdout.length).toBeLessThanOrEqual(100_000);
  });

  test('a program that does not exist, and one that exits non-zero, are problems with one line', async () => {
    const missing = await runChild('cairn-no-such-program', [], { timeoutMs: 5000, maxStdoutBytes: 1024 });
    expect(missing.outcome).toBe('spawn-error');
    const failed = await runChild(node, ['-e', `process.stderr.write('bad thing\\n'); process.exit(3)`], { timeoutMs: 20_000, maxStdoutBytes: 1024 });
    expect(failed).toMatchObject({ outcome: 'exited', status: 3, problem: `${node} exited with status 3: bad thing` });
  });

  test('a child that exits without reading its input exited: its status stands, synchronous or not', async () => {
    // 1 MiB is more than a pipe holds, so the write always meets a closed pipe (EPIPE).
    const input = 'x'.repeat(1 << 20);
    const options = { timeoutMs: 20_000, maxStdoutBytes: 1024, input };
    expect(runChildSync('/bin/sh', ['-c', 'exit 3'], options)).toMatchObject({ outcome: 'exited', status: 3, problem: '/bin/sh exited with status 3' });
    expect(await runChild('/bin/sh', ['-c', 'exit 3'], options)).toMatchObject({ outcome: 'exited', status: 3 });
    expect(runChildSync('/bin/sh', ['-c', 'echo answer'], options)).toMatchObject({ outcome: 'exited', status: 0 });
  });

  test('a long-lived child is stopped at the end of its lifetime', async () => {
    const started = startChild(node, ['-e', 'setTimeout(() => {}, 60_000)'], { timeoutMs: 300 });
    const code = await new Promise((closed) => started.child.on('close', (_c, signal) => closed(signal)));
    expect(code).toBe('SIGKILL');
    expect(started.timedOut()).toBe(true);
  });
});
