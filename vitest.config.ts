import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'property-tests/**/*.test.ts'],
    // Real-corpus suites are opt-in: they install corpora and take minutes.
    exclude: ['**/node_modules/**', 'dist/**', ...(process.env.CAIRN_CORPUS_TESTS ? [] : ['test/corpus/**'])],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
