/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The packages of @mantine/charts: recharts and what it depends on. */
const CHARTS = String.raw`(@mantine[\\/]charts|recharts|@reduxjs|redux|redux-thunk|react-redux|reselect|immer|es-toolkit|decimal\.js-light|eventemitter3|tiny-invariant|victory-vendor|d3-[a-z-]+|internmap)[\\/]`;

// The Go server listens on 8080 in development; the SPA talks to it through /api.
const API_TARGET = 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  // '@/api/caja' is src/api/caja.ts, from anywhere (tsconfig.app.json has the same paths).
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: scripts/bundle-size.mjs measures the login route from it.
    manifest: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            { name: 'mantine', test: /node_modules[\\/]@mantine[\\/](?!charts[\\/])/ },
            // The QR scanner's library stays with the validator, the charts (with recharts and its
            // dependencies) with the global dashboard: the login route downloads neither.
            { name: 'vendor', test: new RegExp(String.raw`node_modules[\\/](?!@zxing[\\/]|${CHARTS})`) },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    env: { TZ: 'America/Argentina/Buenos_Aires' },
    // Screens driven by user-event take seconds on a busy two-core machine, and the setup
    // preloads every screen (a cold transform of the whole app).
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
