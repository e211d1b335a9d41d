/// <reference types="vitest/config" />
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';

/** Vitest's files, and those of them that replace a module with vi.mock (run isolated, see `test`). */
const TESTS = 'src/**/*.test.{ts,tsx}';
const CON_MOCKS = fs
  .readdirSync(fileURLToPath(new URL('./src', import.meta.url)), { recursive: true, encoding: 'utf8' })
  .filter((f) => /\.test\.tsx?$/.test(f))
  .map((f) => `src/${f.split(path.sep).join('/')}`)
  .filter((f) => fs.readFileSync(fileURLToPath(new URL(`./${f}`, import.meta.url)), 'utf8').includes('vi.mock('));

/**
 * Each Mantine component brings its own stylesheet, so a route downloads the CSS of the components it
 * uses, with its chunk, instead of the whole of Mantine (270 KB) before the first paint. Mantine's
 * components import their class names from `X.module.mjs`; this build plugin makes that module import
 * `@mantine/core/styles/X.css` (the sheet Mantine builds from the same X.module.css), so Vite's CSS
 * code splitting puts it beside the component, after the sheets of the components it is built on.
 * @mantine/dates and @mantine/notifications have one sheet each, imported by their components alike.
 * app/arranque.tsx imports the global sheets (baseline, CSS variables, global). The dev server pre-bundles
 * Mantine where no plugin reaches: `mantineCssDev` gives it the whole sheets instead.
 */
function mantineCssPorComponente(): Plugin {
  const core = new Set(fs.readdirSync(fileURLToPath(new URL('./node_modules/@mantine/core/styles', import.meta.url))));
  const modulo = /[\\/]@mantine[\\/](core|dates|notifications)[\\/]esm[\\/](?:.*[\\/])?([A-Za-z]+)\.module\.mjs$/;
  return {
    name: 'muelle:mantine-css-por-componente',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      const m = modulo.exec(id);
      if (!m) return null;
      const [, paquete, nombre] = m;
      let hoja = `@mantine/${paquete}/styles.css`;
      if (paquete === 'core') {
        if (!core.has(`${nombre}.css`)) this.error(`Mantine: no hay styles/${nombre}.css para ${id}`);
        hoja = `@mantine/core/styles/${nombre}.css`;
      }
      return { code: `import '${hoja}';\n${code}`, map: null };
    },
  };
}

/** The dev server: the whole of Mantine's sheets, with app/arranque.tsx's global ones. */
function mantineCssDev(): Plugin {
  return {
    name: 'muelle:mantine-css-dev',
    apply: 'serve',
    transform(code, id) {
      if (!id.endsWith('/src/app/arranque.tsx')) return null;
      const hojas = ['@mantine/core/styles.css', '@mantine/dates/styles.css', '@mantine/notifications/styles.css'];
      return { code: hojas.map((h) => `import '${h}';\n`).join('') + code, map: null };
    },
  };
}

/** The login page: the first screen of a phone that opens Muelle. */
const LOGIN_PAGE = /[\\/]src[\\/]features[\\/]auth[\\/]routes[\\/]LoginPage\.tsx$/;
/** The app's last step of the boot (main.tsx imports it after React). */
const ARRANQUE = /[\\/]src[\\/]app[\\/]arranque\.tsx$/;
/** The back office's frame, loaded with every staff screen. */
const ADMIN_LAYOUT = /[\\/]src[\\/]app[\\/]layout[\\/]AdminLayout\.tsx$/;
/** This browser's device keys (the `dispositivo` chunk), which both pier screens read as they boot. */
const DISPOSITIVO_PAGINA = /[\\/]src[\\/]lib[\\/]dispositivo\.ts$/;

/**
 * The screens a phone at the pier opens first (the manifest's shortcuts): each gets a copy of
 * index.html that also asks for its chunks, its frame's and their sheets with the app's own
 * (`dist/precarga/<ruta>.html`, served by internal/api/spa.go for that path), instead of once the app
 * has run and the router has found the route.
 */
const PANTALLAS_DEL_MUELLE: Record<string, RegExp[]> = {
  'admin/venta-pasajes': [/[\\/]src[\\/]features[\\/]venta[\\/]routes[\\/]VentaPasajesPage\.tsx$/, ADMIN_LAYOUT, DISPOSITIVO_PAGINA],
  'admin/validador': [/[\\/]src[\\/]features[\\/]embarque[\\/]routes[\\/]ValidadorPage\.tsx$/, ADMIN_LAYOUT, DISPOSITIVO_PAGINA],
};

type Salida = Parameters<NonNullable<Extract<Plugin['writeBundle'], (...a: never[]) => unknown>>>[1];

/** The chunks (and sheets) the modules matching `modulos` need beyond those the page already loads. */
function precargasDe(bundle: Salida, modulos: RegExp[], yaCargados: Set<string>): { js: string[]; css: string[] } {
  const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
  const visto = new Set(yaCargados);
  const js: string[] = [];
  const css = new Set<string>();
  const visitar = (f: string) => {
    if (visto.has(f)) return;
    visto.add(f);
    const c = bundle[f];
    if (c?.type !== 'chunk') return;
    js.push(f);
    c.viteMetadata?.importedCss.forEach((h) => css.add(h));
    c.imports.forEach(visitar);
  };
  for (const modulo of modulos) {
    // a page's own chunk, else the group's that holds the module (e.g. `dispositivo`)
    const chunk = chunks.find((c) => c.facadeModuleId && modulo.test(c.facadeModuleId))
      ?? chunks.find((c) => c.moduleIds.some((id) => modulo.test(id)));
    if (!chunk) throw new Error(`vite.config.ts: no encuentro el chunk de ${modulo}`);
    visitar(chunk.fileName);
  }
  return { js, css: [...css].filter((h) => !yaCargados.has(h)) };
}

/** The chunks the entry loads, with their sheets. */
function deLaEntrada(bundle: Salida): Set<string> {
  const cargados = new Set<string>();
  const visitar = (f: string) => {
    if (cargados.has(f)) return;
    cargados.add(f);
    const c = bundle[f];
    if (c?.type !== 'chunk') return;
    c.viteMetadata?.importedCss.forEach((h) => cargados.add(h));
    c.imports.forEach(visitar);
  };
  Object.values(bundle).filter((c) => c.type === 'chunk' && c.isEntry).forEach((c) => visitar(c.fileName));
  return cargados;
}

/**
 * The boot's last step (app/arranque.tsx, which main.tsx imports after React) must be among what the entry
 * imports, which index.html asks for with the page: else it would come one round trip after main.tsx runs.
 */
function comprobarArranque(bundle: Salida): void {
  const chunk = Object.values(bundle).find((c) => c.type === 'chunk' && c.moduleIds.some((id) => ARRANQUE.test(id)));
  if (!chunk || !deLaEntrada(bundle).has(chunk.fileName)) {
    throw new Error('vite.config.ts: index.html no precarga app/arranque.tsx (la entrada ya no importa su chunk)');
  }
}

const etiquetas = ({ js, css }: { js: string[]; css: string[] }) => [
  ...js.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
  ...css.map((f) => `<link rel="preload" as="style" crossorigin href="/${f}">`),
];

/**
 * index.html asks for the login page's chunks (and their sheets) with the app's own, instead of once
 * the app has run and the router has found the route: one round trip less before the first screen.
 * The other routes lose little: the login's chunks are the form components most screens use.
 * The pier's screens get their own copy of the page, which asks for theirs instead (PANTALLAS_DEL_MUELLE),
 * written with its brotli and gzip copies like every other page.
 */
function precargarLogin(): Plugin {
  let raiz = 'dist';
  return {
    name: 'muelle:precargar-login',
    apply: 'build',
    configResolved(config) {
      raiz = path.resolve(config.root, config.build.outDir);
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = (ctx.bundle ?? {}) as Salida;
        comprobarArranque(bundle);
        const login = precargasDe(bundle, [LOGIN_PAGE], deLaEntrada(bundle));
        return [
          ...login.js.map((f) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${f}` }, injectTo: 'head' as const })),
          ...login.css.map((f) => ({ tag: 'link', attrs: { rel: 'preload', as: 'style', crossorigin: true, href: `/${f}` }, injectTo: 'head' as const })),
        ];
      },
    },
    writeBundle(_opciones, bundle) {
      const pagina = bundle['index.html'];
      if (pagina?.type !== 'asset') throw new Error('vite.config.ts: falta index.html en la compilación');
      // the pier's screens are not the login: their copies do not ask for its chunks
      const login = precargasDe(bundle, [LOGIN_PAGE], deLaEntrada(bundle));
      const html = [...login.js, ...login.css].reduce(
        (h, f) => h.replace(new RegExp(`<link [^>]*href="/${f.replace(/[.]/g, '\\.')}"[^>]*>\\s*`), ''), String(pagina.source));
      const cargados = deLaEntrada(bundle);
      for (const m of html.matchAll(/href="\/([^"]+)"/g)) cargados.add(m[1]);
      for (const [ruta, modulos] of Object.entries(PANTALLAS_DEL_MUELLE)) {
        const copia = html.replace('</head>', `${etiquetas(precargasDe(bundle, modulos, cargados)).join('')}</head>`);
        const destino = path.join(raiz, 'precarga', `${ruta}.html`);
        fs.mkdirSync(path.dirname(destino), { recursive: true });
        fs.writeFileSync(destino, copia);
        fs.writeFileSync(`${destino}.br`, zlib.brotliCompressSync(copia));
        fs.writeFileSync(`${destino}.gz`, zlib.gzipSync(copia, { level: 9 }));
      }
    },
  };
}

/**
 * The offline database (Dexie) and the app's offline code (the queue, the sync, the offline sale and
 * validation): a chunk the login never loads, and the shell and the pier screens load after their
 * first paint. Not the device's keys (lib/dispositivo and lib/offline/persistencia: the persistent
 * storage request, whether there is IndexedDB; without Dexie): the pier screens read them as they boot.
 */
const OFFLINE = /node_modules[\\/]dexie[\\/]|[\\/]src[\\/]lib[\\/]offline[\\/](?!persistencia\.ts$)|[\\/]src[\\/]api[\\/]sincronizacion\.ts$/;

/** This browser's keys as a staff device (no Dexie): a small chunk the sale screen reads as it boots. */
const DISPOSITIVO = /[\\/]src[\\/]lib[\\/](dispositivo|offline[\\/]persistencia\.ts$)/;

/**
 * The app's small shared modules and Mantine's hooks: one chunk from two pages on, not a file of a few
 * hundred bytes each. Not the icons: the login shares one with the shell, and this chunk would take
 * the login's route past its 250 KB. But the shell's two that one other screen shares (the logout's icon,
 * the notifications' actions), each a file of its own on every staff screen.
 */
const PEQUENOS = /[\\/]src[\\/](components|lib)[\\/]|node_modules[\\/]@mantine[\\/]hooks[\\/]|[\\/]icons[\\/]IconLogout\.mjs$|[\\/]src[\\/]features[\\/]notificaciones[\\/]useAcciones\.ts$/;

/**
 * The notice of a page that is not a secure context and its check (components/AvisoConexionInsegura,
 * lib/contextoSeguro): the pier screens, the devices and notifications screens and the bell show it, never
 * the login. Kept out of `comun`, which the login loads (it is at its 250 KB): it goes to `compartido`.
 */
const AVISO_CONEXION = /[\\/]src[\\/](lib[\\/]contextoSeguro\.ts|components[\\/]AvisoConexionInsegura\.tsx)$/;

/**
 * The lock of an idle session offline (lib/bloqueo, lib/verificadorClave, components/PantallaBloqueo): the
 * shell, the validator's window and the session (loaded when the hour ends) use it, never the login. Kept
 * out of `comun` like the notice above.
 */
const BLOQUEO = /[\\/]src[\\/](lib[\\/](bloqueo|verificadorClave)\.ts|components[\\/]PantallaBloqueo\.tsx)$/;

/**
 * Printing tickets (lib/impresion and components/impresion: the printer's settings and their dialogs,
 * the print window, the offline receipt): the sale and the tickets print, never the login. Kept out of
 * `comun` like the notice above.
 */
const IMPRESION = /[\\/]src[\\/](lib|components)[\\/]impresion[\\/]/;

/**
 * What the validator shares with one other screen each (the undo of a boarding with the passenger list,
 * the manifest's reads with the manifest screen, Mantine's Chip): one file with its sheet before the
 * validator's first paint, not five (over HTTP/1.1 each costs a phone at the pier a turn of a connection).
 */
const DEL_VALIDADOR = /[\\/]src[\\/](features[\\/]embarque[\\/](useDeshacerReciente\.ts|components[\\/]DeshacerEmbarque\.tsx)|api[\\/]manifiesto\.ts)$|node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]Chip[\\/]/;

/** The chart library and what only it uses: one chunk, loaded by the screens with charts (never by the login). */
const GRAFICOS = /node_modules[\\/](recharts|@mantine[\\/]charts|d3-[a-z-]+|victory-vendor|internmap|decimal\.js-light|es-toolkit|eventemitter3|immer|reselect|redux|react-redux|@reduxjs[\\/]toolkit|redux-thunk)[\\/]/;

/** The staff's icon (public/favicon.svg, drawn as PNG) for a phone's home screen. */
const ICONO = { src: '/icono-192.png', sizes: '192x192', type: 'image/png' };

/**
 * The web app manifest: Muelle installs on a phone's home screen, opens on the back office (the
 * login when there is no session) and offers the sale and the validator as shortcuts, the two
 * screens used at the pier. Colours: the app's default primary (app/theme.ts) and its light page.
 */
const MANIFIESTO: Partial<ManifestOptions> = {
  id: '/',
  name: 'Muelle',
  short_name: 'Muelle',
  description: 'Pasajes, embarque y operación de la terminal fluvial.',
  lang: 'es-AR',
  dir: 'ltr',
  start_url: '/admin',
  scope: '/',
  display: 'standalone',
  theme_color: '#3B82F6',
  background_color: '#ffffff',
  icons: [
    ICONO,
    { src: '/icono-512.png', sizes: '512x512', type: 'image/png' },
    { src: '/icono-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
  shortcuts: [
    { name: 'Vender pasajes', short_name: 'Vender', url: '/admin/venta-pasajes', icons: [ICONO] },
    { name: 'Validar embarque', short_name: 'Validar', url: '/admin/validador', icons: [ICONO] },
  ],
};

/**
 * The service worker (src/sw.ts, bundled into dist/sw.js with the list of what it precaches) and
 * the manifest (dist/manifest.webmanifest, linked from index.html). main.tsx registers the worker
 * itself (lib/pwa.ts): no inline script, which the server's CSP refuses.
 */
function pwa() {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src',
    filename: 'sw.ts',
    injectRegister: false,
    manifest: MANIFIESTO,
    // the icons are in the glob below, once
    includeManifestIcons: false,
    injectManifest: {
      // the app shell: the page, every script and sheet, the icons (the plugin adds the manifest);
      // never the .br and .gz copies (the browser gets one of them at the original's address) nor .vite/
      globPatterns: ['**/*.{html,js,css,svg,png,ico,woff,woff2}'],
      // the pier screens' copies of index.html: the worker answers every navigation with index.html
      globIgnores: ['precarga/**'],
      // a classic script: every browser runs it (module service workers are recent in Firefox)
      rollupFormat: 'iife',
    },
  });
}

// The Go server listens on 8080 in development; the SPA talks to it through /api.
const API_TARGET = 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [
    react(),
    mantineCssPorComponente(),
    mantineCssDev(),
    precargarLogin(),
    pwa(),
    // Every text asset also as .br and .gz, made once here: the Go server sends the one the
    // browser accepts (internal/api/spa.go). Not the manifest, which only scripts read.
    compression({
      algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })],
      include: /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/,
      exclude: /(^|[\\/])\.vite[\\/]/,
      threshold: 1024,
      logLevel: 'silent',
    }),
  ],
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
        // React (and its router) changes least: its chunk stays cached across releases. The rest of
        // what the app needs before its first screen is one chunk (`inicio`: app/arranque.tsx and what
        // it imports, which main.tsx evaluates after React, a task apart):
        // over HTTP/1.1 a dozen small files cost a phone at the pier more round trips than their
        // bytes. What three pages or more share (Mantine's components, the app's own, with their CSS) is
        // one chunk, `comun`: a screen fetches its page and a few files, not sixty (Lighthouse: the sale
        // screen's requests went from 90 to 25); the small modules two pages share (the app's components
        // and helpers, Mantine's hooks), `compartido`. The offline database (Dexie) and the app's offline code
        // are one chunk of their own, never loaded by the login (in `comun` they took the login route past
        // its 250 KB); the pier screens and the shell load it once their first screen is painted (the validator
        // long before a scan: useValidadorOffline). Every page, and the components and libraries only
        // one or two pages use (the QR scanner, the charts) with their CSS, load with the page.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 6 },
            // the boot's last step and what it imports (main.tsx loads it on its own, after React)
            { name: 'inicio', test: ARRANQUE, priority: 5 },
            // before `offline`, whose code imports it (a group takes the modules its own import)
            { name: 'dispositivo', test: DISPOSITIVO, priority: 4 },
            { name: 'offline', test: OFFLINE, priority: 3 },
            {
              name: 'comun',
              test: (id) => !GRAFICOS.test(id) && !AVISO_CONEXION.test(id) && !BLOQUEO.test(id) && !IMPRESION.test(id) &&
                !/[\\/]src[\\/]features[\\/]/.test(id),
              minShareCount: 3,
              priority: 2,
            },
            { name: 'compartido', test: PEQUENOS, minShareCount: 2, priority: 2 },
            { name: 'graficos', test: GRAFICOS, priority: 1 },
            // after `comun`: what three screens share stays there
            { name: 'validador', test: DEL_VALIDADOR, priority: 1 },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    env: { TZ: 'America/Argentina/Buenos_Aires' },
    // Screens driven by user-event take seconds on a busy two-core machine, and the setup
    // preloads every screen (a cold transform of the whole app).
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Vitest's default is one worker fewer than the cores: one file at a time, and a core idle, on a two-core
    // machine. Two at least (VITEST_MAX_WORKERS still rules).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    // Most files share their workers' modules (no isolation): the app is imported and preloaded once
    // per worker, not once per file. A file that replaces a module (vi.mock) gets a fresh module
    // graph of its own, so its fake never reaches another file.
    projects: [
      { extends: true, test: { name: 'compartidos', include: [TESTS], exclude: CON_MOCKS, isolate: false, pool: 'threads' } },
      { extends: true, test: { name: 'aislados', include: CON_MOCKS, isolate: true } },
    ],
  },
});
