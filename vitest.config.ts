import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    // The real site is built once per run, before the test files start.
    globalSetup: ['tests/setup/buildOnce.ts'],
    // Generous: on a busy 2-core machine a build of a changed copy takes minutes, not seconds.
    testTimeout: 300_000,
    hookTimeout: 600_000,
    // Builds and browsers are heavy; two cores are all CI has.
    maxWorkers: 2,
  },
});
