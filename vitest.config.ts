import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    // The real site is built once per run, before the test files start, and one Chromium
    // serves every browser test file.
    globalSetup: ['tests/setup/buildOnce.ts', 'tests/setup/browserServer.ts'],
    // Generous: on a busy 2-core machine a build of a changed copy takes minutes, not seconds.
    testTimeout: 300_000,
    hookTimeout: 600_000,
    // Builds and browsers are heavy; two cores are all CI has.
    maxWorkers: 2,
    // Browser tests marked concurrent: pages at once in one browser, mostly waiting on the network and timers.
    maxConcurrency: 3,
  },
});
