import { defineConfig } from 'vitest/config';

/** What every project shares. */
const common = {
  // Generous: on a busy 2-core machine a build of a changed copy takes minutes, not seconds.
  testTimeout: 300_000,
  hookTimeout: 600_000,
  // Browser tests marked concurrent: pages at once in one browser, mostly waiting on the network and timers.
  maxConcurrency: 3,
};

/**
 * Files that need a module graph of their own: writer-swap mocks node:fs/promises and
 * writer-links node:fs for the writer, and the dev browser test's in-process `site dev` must
 * load edited templates afresh.
 */
const isolatedFiles = [
  'tests/generator/build/writerSwap.test.ts',
  'tests/generator/build/writerLinks.test.ts',
  'tests/browser/dev.test.ts',
];

export default defineConfig({
  test: {
    // The real site is built once per run, before the test files start, and one Chromium
    // serves every browser test file. Set here only: a project that inherited it would run it again.
    globalSetup: ['tests/setup/buildOnce.ts', 'tests/setup/browserServer.ts'],
    // Builds and browsers are heavy; two cores are all CI has.
    maxWorkers: 2,
    projects: [
      // Files that keep no state between them share a worker's loaded modules: loading the
      // generator, React and zod again for every file was about a third of their time (and
      // playwright-core alone costs a browser file a CPU second).
      {
        test: {
          ...common,
          name: 'shared',
          include: ['tests/**/*.test.ts'],
          exclude: isolatedFiles,
          isolate: false,
        },
      },
      { test: { ...common, name: 'isolated', include: isolatedFiles } },
    ],
  },
});
