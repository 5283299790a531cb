import { defineConfig } from 'vitest/config';

export default defineConfig({
  define: { __VERSION__: JSON.stringify('0.0.0-test'), __HOMEPAGE__: JSON.stringify('') },
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}'],
    environment: 'node',
    pool: 'threads',
    restoreMocks: true,
    // Some tests render whole replica pages or bundle sources: seconds on a busy 2-core machine.
    // A time-out says a test hung, never that it was slow (speed is the bench's business).
    testTimeout: 30_000,
  },
});
