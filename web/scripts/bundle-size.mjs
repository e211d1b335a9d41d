// Prints what the login route transfers (index.html, its scripts and style sheets as the
// server sends them to a browser: the brotli copy the build made, else the file) and fails
// above the budget: the entry chunk, the login page's chunk and everything they import
// statically, each counted once, with their CSS, from dist/.vite/manifest.json (build.manifest).
// Run after `vite build` by `npm run build`.
import fs from 'node:fs';
import path from 'node:path';

const DIST = path.join(import.meta.dirname, '..', 'dist');
const LOGIN_PAGE = 'src/features/auth/routes/LoginPage.tsx';
const BUDGET_KB = 250;

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

/** The bytes the server sends for a file of dist: its .br copy when the build made one. */
function sent(file) {
  const br = path.join(DIST, `${file}.br`);
  return fs.statSync(fs.existsSync(br) ? br : path.join(DIST, file)).size;
}

const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
const chunks = [...staticClosure([...entries, LOGIN_PAGE])].map((key) => manifest[key]);
const files = new Set(['index.html']);
for (const c of chunks) {
  if (c.file.endsWith('.js')) files.add(c.file);
  for (const css of c.css ?? []) files.add(css);
}
const sizes = [...files].map((file) => ({ file, bytes: sent(file) }));
const totalKb = sizes.reduce((sum, { bytes }) => sum + bytes, 0) / 1024;

for (const { file, bytes } of sizes.sort((a, b) => b.bytes - a.bytes)) console.log(`  ${file.padEnd(48)} ${(bytes / 1024).toFixed(1).padStart(7)} KB`);
console.log(`La ruta de login transfiere ${totalKb.toFixed(2)} KB con brotli (presupuesto ${BUDGET_KB} KB)`);
if (totalKb > BUDGET_KB) {
  console.error(`bundle-size: la ruta de login supera ${BUDGET_KB} KB`);
  process.exit(1);
}
