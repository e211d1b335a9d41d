// Prints how much JavaScript (gzip) the login route downloads and fails above the
// budget: the entry chunk, the login page's chunk and everything they import
// statically, each counted once, from dist/.vite/manifest.json (build.manifest).
// Run after `vite build` by `npm run build`.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const DIST = path.join(import.meta.dirname, '..', 'dist');
const LOGIN_PAGE = 'src/features/auth/routes/LoginPage.tsx';
const BUDGET_KB = 300;

const manifest = JSON.parse(fs.readFileSync(path.join(DIST, '.vite', 'manifest.json'), 'utf8'));

/** The manifest keys of `roots` and of every chunk they import statically. */
function staticClosure(roots) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    if (!manifest[key]) throw new Error(`bundle-size: ${key} no está en el manifest`);
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  roots.forEach(visit);
  return seen;
}

const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
const files = [...staticClosure([...entries, LOGIN_PAGE])].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
const sizes = files.map((file) => ({ file, gzip: gzipSync(fs.readFileSync(path.join(DIST, file)), { level: 9 }).length }));
const totalKb = sizes.reduce((sum, { gzip }) => sum + gzip, 0) / 1024;

for (const { file, gzip } of sizes.sort((a, b) => b.gzip - a.gzip)) console.log(`  ${file.padEnd(48)} ${(gzip / 1024).toFixed(1).padStart(7)} KB gzip`);
console.log(`JavaScript de la ruta de login: ${totalKb.toFixed(1)} KB gzip (presupuesto ${BUDGET_KB} KB)`);
if (totalKb > BUDGET_KB) {
  console.error(`bundle-size: la ruta de login supera ${BUDGET_KB} KB gzip`);
  process.exit(1);
}
