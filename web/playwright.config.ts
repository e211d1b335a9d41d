import { defineConfig, devices } from '@playwright/test';

/** Where the end-to-end specs save their screenshots: inside Playwright's output folder, ignored by git. */
export const SCREENSHOTS_DIR = 'test-results/screenshots';

// The Makefile starts the real `muelle` binary; the specs only drive the system Chromium.
export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  workers: 1,
  // Generous: the suite shares two cores with the Go build and tests.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['html', { outputFolder: 'playwright-report', open: 'never' }]],
  use: {
    baseURL: process.env.MUELLE_E2E_URL ?? 'http://127.0.0.1:18080',
    locale: 'es-AR',
    timezoneId: 'America/Argentina/Buenos_Aires',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
});
