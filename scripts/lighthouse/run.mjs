// Runs Lighthouse (its default: the mobile preset, simulated slow 4G and a 4x slower CPU) on
// the login, the sale screen and the validator of a running Muelle, and prints the scores and
// what each page transfers. A figure, not a test: it never fails on a score.
// Started by scripts/lighthouse.sh; MUELLE_LH_URL is the server, MUELLE_LH_OUT a folder for the
// JSON reports, CHROME_PATH the browser (/usr/bin/chromium).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const BASE = process.env.MUELLE_LH_URL ?? 'http://127.0.0.1:18700';
const OUT = process.env.MUELLE_LH_OUT ?? '';
// Lighthouse's figures move from run to run (more on a busy machine): each page is measured
// MUELLE_LH_RUNS times (3 by default) and the run of median performance is shown.
const RUNS = Math.max(1, Number(process.env.MUELLE_LH_RUNS ?? 3));
// MUELLE_LH_PAGES=login,venta measures only those pages.
const ONLY = (process.env.MUELLE_LH_PAGES ?? '').split(',').filter(Boolean);
const PASSWORD = 'Muelle.2026'; // internal/demo.Password

// The pages measured and who is logged in on each (the demo users of `muelle seed --demo`).
const PAGES = [
  { name: 'login', path: '/admin/login', user: null },
  { name: 'venta', path: '/admin/venta-pasajes', user: 'vendedor' },
  { name: 'validador', path: '/admin/validador', user: 'lancha' },
].filter((p) => ONLY.length === 0 || ONLY.includes(p.name));

// Playwright (a dependency of the web app's end-to-end tests) writes the session into the
// profile's localStorage, as the app does after a login; Lighthouse keeps localStorage.
const requireWeb = createRequire(path.join(import.meta.dirname, '..', '..', 'web', 'package.json'));
const { chromium } = requireWeb('playwright-core');

async function login(usuario) {
  const res = await fetch(`${BASE}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ nombre_usuario: usuario, password: PASSWORD }),
  });
  const body = await res.json();
  if (!res.ok || !body.success) throw new Error(`login de ${usuario}: ${res.status} ${body.message ?? ''}`);
  return body.data; // { token, usuario }
}

/** Leaves the browser's localStorage for BASE holding session (null: nobody logged in). */
async function setSession(port, session) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    const page = await context.newPage();
    // a path the server answers without the app's scripts: only the origin matters here
    await page.goto(`${BASE}/api/health`);
    await page.evaluate((s) => {
      localStorage.clear();
      if (s) {
        localStorage.setItem('token', s.token);
        localStorage.setItem('usuario', JSON.stringify(s.usuario));
      }
    }, session);
    await page.close();
  } finally {
    await browser.close(); // disconnects; the browser keeps running
  }
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
  chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'],
});
const rows = [];
const benchmarks = [];
try {
  for (const p of PAGES) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      await setSession(chrome.port, p.user ? await login(p.user) : null);
      const result = await lighthouse(`${BASE}${p.path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
      });
      if (result.lhr.runtimeError) console.error(`${p.name}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
      runs.push(result);
    }
    const score = (lhr, c) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
    runs.sort((a, b) => score(a.lhr, 'performance') - score(b.lhr, 'performance'));
    const { lhr, report } = runs[Math.floor(runs.length / 2)];
    if (OUT) fs.writeFileSync(path.join(OUT, `${p.name}.json`), report);
    const byType = Object.fromEntries(
      (lhr.audits['resource-summary']?.details?.items ?? []).map((i) => [i.resourceType, i.transferSize]),
    );
    rows.push({
      page: p.name,
      performance: score(lhr, 'performance'),
      'perf (runs)': runs.map((r) => score(r.lhr, 'performance')).join(' '),
      accessibility: score(lhr, 'accessibility'),
      'best-practices': score(lhr, 'best-practices'),
      FCP: lhr.audits['first-contentful-paint'].displayValue,
      LCP: lhr.audits['largest-contentful-paint'].displayValue,
      TBT: lhr.audits['total-blocking-time'].displayValue,
      transfer: kb(byType.total ?? 0),
      script: kb(byType.script ?? 0),
      stylesheet: kb(byType.stylesheet ?? 0),
      document: kb(byType.document ?? 0),
    });
    // Where the performance goes: the largest paint's element and the long tasks after the first
    // paint (what the blocking time counts), in Lighthouse's simulated milliseconds.
    const lcp = lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.nodeLabel ?? '?';
    const fcp = lhr.audits['first-contentful-paint'].numericValue;
    const largas = (lhr.audits['long-tasks']?.details?.items ?? [])
      .filter((t) => t.startTime + t.duration > fcp)
      .map((t) => `${path.basename(t.url)} ${Math.round(t.duration)} ms`);
    console.log(`  ${p.name}: LCP «${lcp.slice(0, 60)}»; tareas largas tras el FCP: ${largas.join(', ') || 'ninguna'}`);
    // What kept a score below 100, so that the figure says where to look.
    for (const c of ['accessibility', 'best-practices']) {
      for (const ref of lhr.categories[c]?.auditRefs ?? []) {
        const a = lhr.audits[ref.id];
        if (ref.weight > 0 && a.score !== null && a.score < 1) console.log(`  ${p.name} ${c}: ${a.id} (${a.title})`);
      }
    }
    benchmarks.push(...runs.map((r) => r.lhr.environment.benchmarkIndex));
  }
} finally {
  chrome.kill();
}
console.log(`\nLighthouse (perfil móvil) contra ${BASE}: la mediana de ${RUNS} corrida(s) por página`);
console.table(rows);
// Lighthouse's measure of this machine's CPU (about 1000 to 2000 on a quiet desktop; lower on a busy
// or slow one, where the blocking time and the performance score come out worse).
console.log(`benchmarkIndex de Chromium: ${Math.min(...benchmarks)} a ${Math.max(...benchmarks)}`);
