import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // Limits, not waits: on two cores shared with other runs (load 30) a test that takes seconds
    // alone took more than a minute.
    testTimeout: 180_000,
    hookTimeout: 120_000,
    // Two cores, and every API test runs a real server.
    fileParallelism: false,
    // Every file in one worker, so blocks of useTestServer share a server per driver and options
    // across files (test/harness.ts) instead of each loading a database of its own.
    isolate: false,
  },
});
