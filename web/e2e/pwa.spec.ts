import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { SCREENSHOTS_DIR } from '../playwright.config';
import { controladaPorElServiceWorker, login, usuarioPropio } from './helpers';

// Works offline: the service worker the other specs go without (playwright.config.ts) is needed here.
test.use({ serviceWorkers: 'allow' });

const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENSHOTS_DIR}/pwa-${name}.png` });

/** Whether the page reaches the server at all (with no network the fetch fails, not even an error answer). */
function llegaAlServidor(page: Page): Promise<boolean> {
  return page.evaluate<boolean>("fetch('/api/health', { cache: 'no-store' }).then(() => true, () => false)");
}

/** Goes offline, reloads and checks that it really was offline. */
async function recargarSinConexion(context: BrowserContext, page: Page): Promise<void> {
  await context.setOffline(true);
  await page.reload();
  expect(await llegaAlServidor(page)).toBe(false);
}

test('el login abre sin conexión desde el service worker', async ({ page, context }) => {
  await page.goto('/admin/login');
  await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
  await controladaPorElServiceWorker(page);

  await recargarSinConexion(context, page);
  await expect(page.getByLabel('Usuario')).toBeVisible();
  await expect(page.getByLabel('Contraseña', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
  await shot(page, 'login-sin-conexion');

  // another address of the app, never opened: the same cached page, and the router answers it
  await page.goto('/login');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
  await context.setOffline(false);
});

test('la venta abre sin conexión: el vendedor recarga sin red y ve la pantalla de venta', async ({ page, context, request }) => {
  test.setTimeout(120_000);
  await login(page, await usuarioPropio(request, 'vendedor'));
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Venta Rápida de Pasajes' }).click();
  await expect(page.getByRole('heading', { name: 'Venta Rápida de Pasajes', level: 1 })).toBeVisible();
  await controladaPorElServiceWorker(page);

  await recargarSinConexion(context, page);
  await expect(page.getByRole('heading', { name: 'Venta Rápida de Pasajes', level: 1 })).toBeVisible();
  // the sale says it is offline (operaciones §2): its splash while nothing is saved on the device yet, or, once
  // the catalogue read online was saved (when the browser was idle), the sale screen's offline banner
  await expect(page.getByText(/^Sistema en modo offline/).first()).toBeVisible();
  await shot(page, 'venta-sin-conexion');

  // back online, the page the service worker serves reaches the server as before
  await context.setOffline(false);
  await page.reload();
  await expect(page.getByRole('form', { name: 'Venta de pasajes' })).toBeVisible({ timeout: 30_000 });
});

test('el manifiesto hace instalable la app, con la venta y el validador como accesos directos', async ({ playwright, baseURL, request }, testInfo) => {
  const respuesta = await request.get('/manifest.webmanifest');
  expect(respuesta.status()).toBe(200);
  expect(respuesta.headers()['content-type']).toBe('application/manifest+json');
  expect(respuesta.headers()['cache-control']).toBe('no-cache');
  const manifiesto = await respuesta.json();
  expect(manifiesto).toMatchObject({
    name: 'Muelle',
    short_name: 'Muelle',
    lang: 'es-AR',
    start_url: '/admin',
    scope: '/',
    display: 'standalone',
    theme_color: '#3B82F6',
    background_color: '#ffffff',
  });
  const iconos = manifiesto.icons as { src: string; sizes: string; type: string; purpose?: string }[];
  expect(iconos.map((i) => `${i.sizes} ${i.purpose ?? 'any'}`).sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  for (const icono of iconos) {
    const imagen = await request.get(icono.src);
    expect(imagen.status(), icono.src).toBe(200);
    expect(imagen.headers()['content-type'], icono.src).toBe('image/png');
  }
  const accesos = manifiesto.shortcuts as { short_name: string; url: string }[];
  expect(accesos.map((a) => [a.short_name, a.url])).toEqual([['Vender', '/admin/venta-pasajes'], ['Validar', '/admin/validador']]);

  // the service worker is served so that a new release is found at the next load
  const sw = await request.get('/sw.js');
  expect(sw.headers()['cache-control']).toBe('no-cache');
  expect(sw.headers()['content-type']).toBe('text/javascript; charset=utf-8');

  // Chromium reads the linked manifest without errors and finds nothing that keeps the app from being
  // installed. A test's usual context is incognito, where nothing installs: this one has a profile.
  const contexto = await playwright.chromium.launchPersistentContext(testInfo.outputPath('perfil'), {
    ...testInfo.project.use.launchOptions,
    baseURL,
  });
  try {
    const page = contexto.pages()[0] ?? (await contexto.newPage());
    await page.goto('/admin/login');
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
    await controladaPorElServiceWorker(page);
    const cdp = await contexto.newCDPSession(page);
    const { url, errors } = await cdp.send('Page.getAppManifest');
    expect(url).toBe(new URL('/manifest.webmanifest', baseURL).href);
    expect(errors).toEqual([]);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
  } finally {
    await contexto.close();
  }
});
