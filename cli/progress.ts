// A one-line progress bar on stderr, drawn only when stderr is a terminal.
export function progressBar(label: string, enabled: boolean): { update(done: number, total: number): void; finish(): void } {
  let last = 0;
  let drawn = false;
  return {
    update(done, total) {
      if (!enabled) return;
      const now = Date.now();
      if (now - last < 80 && done < total) return;
      last = now;
      const width = 30;
      const filled = total === 0 ? width : Math.round((done / total) * width);
      process.stderr.write(`\r${label} [${'#'.repeat(filled)}${' '.repeat(width - filled)}] ${done}/${total} files`);
      drawn = true;
    },
    finish() {
      if (drawn) process.stderr.write('\n');
    },
  };
}
