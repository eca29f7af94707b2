import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'property-tests/**/*.test.ts'],
    // Real-corpus suites are opt-in: they install corpora and take minutes. Interop suites
    // need tools npm does not bring (Go, Neovim): `npm run test:interop` runs them; `npm test` needs Node alone.
    exclude: [
      '**/node_modules/**',
      'dist/**',
      ...(process.env.CAIRN_CORPUS_TESTS ? [] : ['test/corpus/**']),
      ...(process.env.CAIRN_INTEROP ? [] : ['test/interop/**']),
    ],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A hook event would start a warm review server per test workspace; the tests of
    // that server (test/review/server.test.ts) turn it on where they need it.
    env: { CAIRN_REVIEW_SERVER: 'off' },
    pool: 'forks',
    maxWorkers: 2,
  },
});
