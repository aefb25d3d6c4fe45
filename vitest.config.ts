import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Integration tests start their own Dovecot and SMTP peers on free ports; files run in
    // parallel on the two cores, tests inside a file in order.
    pool: 'forks',
    maxWorkers: 2,
    fileParallelism: true,
  },
});
