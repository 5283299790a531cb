import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests against the offline replica of anilist.co (tests/e2e/fixtures.ts). Chromium is
 * Debian's (/usr/bin/chromium); never `npx playwright install`. Nothing leaves 127.0.0.1: every
 * request is answered by routes in the fixtures.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 30_000,
  workers: 2,
  fullyParallel: true,
  retries: process.env.CI ? 1 : 0,
  reporter: 'list',
  use: {
    browserName: 'chromium',
    ignoreHTTPSErrors: true,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
});
