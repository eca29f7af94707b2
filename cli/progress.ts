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

/**
 * A one-line "what is happening" status on stderr for commands that take seconds
 * without a count to show (doctor, diff); drawn only when stderr is a terminal, and
 * cleared before the answer prints.
 */
export function phases(label: string, enabled: boolean): { phase(text: string): void; finish(): void } {
  let drawn = false;
  return {
    phase(text) {
      if (!enabled) return;
      process.stderr.write(`\r\x1b[K${label}: ${text}…`);
      drawn = true;
    },
    finish() {
      if (drawn) process.stderr.write('\r\x1b[K');
      drawn = false;
    },
  };
}
