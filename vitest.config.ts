import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  define: { __VERSION__: JSON.stringify('0.0.0-test'), __HOMEPAGE__: JSON.stringify('') },
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}'],
    environment: 'node',
    pool: 'threads',
    // Vitest keeps a core free by default: on CI's two cores that ran the files one at a time (111 s
    // instead of 70 s). Nothing else runs beside the unit tests in `npm test`.
    maxWorkers: availableParallelism(),
    restoreMocks: true,
    // Some tests render whole replica pages or bundle sources: seconds on a busy 2-core machine.
    // A time-out says a test hung, never that it was slow (speed is the bench's business).
    testTimeout: 30_000,
  },
});
