import { defineConfig, devices } from '@playwright/test';

/** Where the end-to-end specs save their screenshots: inside Playwright's output folder, ignored by git. */
export const SCREENSHOTS_DIR = 'test-results/screenshots';

/**
 * How many tests run at once (MUELLE_E2E_WORKERS, 2 by default): each test makes its own data
 * (its own users through e2e/helpers usuarioPropio, their registers and sales), so any order and
 * any number of workers give the same results.
 */
const WORKERS = Math.max(1, Number(process.env.MUELLE_E2E_WORKERS) || 2);

/** Tests that change what the whole company or installation shows (settings, modules, day totals). */
const EMPRESA = /@empresa/;

// The Makefile starts the real `muelle` binary; the specs only drive the system Chromium.
export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  workers: WORKERS,
  // Generous: the suite shares two cores with the Go build and tests.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['html', { outputFolder: 'playwright-report', open: 'never' }]],
  use: {
    baseURL: process.env.MUELLE_E2E_URL ?? 'http://127.0.0.1:18080',
    locale: 'es-AR',
    timezoneId: 'America/Argentina/Buenos_Aires',
    // The app's theme honours it (respectReducedMotion): no transition leaves a toast or modal half-faded
    // while axe looks at it, and no frame is painted for one.
    reducedMotion: 'reduce',
    // No service worker: each test's fresh context would precache the whole build (300 files) for nothing.
    // The specs that work offline allow it (test.use); the app works online without one.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    // A failure's trace keeps its DOM snapshots but no screencast: the screen was recorded on every test that
    // passed too, for nothing, and the failure's own screenshot is kept above.
    trace: { mode: 'retain-on-failure', screenshots: false },
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
  projects: [
    // Every test that keeps to its own data, in parallel.
    { name: 'chromium', use: { ...devices['Desktop Chrome'] }, grepInvert: EMPRESA },
    // The tests tagged @empresa, one at a time after the others: nothing else runs while they change
    // the company's settings or read its totals.
    {
      name: 'empresa',
      use: { ...devices['Desktop Chrome'] },
      grep: EMPRESA,
      dependencies: ['chromium'],
      fullyParallel: false,
      workers: 1,
    },
  ],
});
