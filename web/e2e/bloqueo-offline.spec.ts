import { expect, test, type Page } from '@playwright/test';
import { SCREENSHOTS_DIR } from '../playwright.config';
import { abrirCajaPorApi, controladaPorElServiceWorker, login, usuarioPropio, violaciones } from './helpers';
import { insignia, leerAlmacen } from './offline';

// Works offline: the service worker the other specs go without (playwright.config.ts) is needed here.
test.use({ serviceWorkers: 'allow' });

const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENSHOTS_DIR}/bloqueo-offline-${name}.png` });
const menu = (page: Page) => page.getByRole('navigation', { name: 'Menú principal' });

/** An entry of the device's own database (muelle-dispositivo): its registration, or a user's password verifier. */
interface EntradaDispositivo {
  codigo?: string;
  usuario_id?: number;
  hash?: string;
}

test('sin conexión una hora sin actividad bloquea la pantalla en vez de cerrar la sesión: la contraseña la desbloquea y la venta en cola se sincroniza', async ({ page, context, request }) => {
  // two logins, a registration, a service worker install, an offline reload, a sale, a lock and a sync
  test.setTimeout(150_000);
  // The page's clock is Playwright's: an hour without activity passes in an instant.
  await page.clock.install();
  const vendedor = await usuarioPropio(request, 'vendedor');
  await abrirCajaPorApi(request, vendedor, 5000);
  await login(page, vendedor);
  await menu(page).getByRole('link', { name: 'Venta Rápida de Pasajes' }).click();
  await page.getByRole('button', { name: 'Registrar este dispositivo' }).click();
  const registro = page.getByRole('dialog', { name: 'Registrar este dispositivo' });
  await registro.getByLabel('Nombre del dispositivo').fill(`Boletería ${vendedor.usuario}`.slice(0, 60));
  await registro.getByRole('button', { name: 'Registrar' }).click();
  await expect(page.getByText(/^Dispositivo registrado con el código [0-9A-Z]{4}$/)).toBeVisible();

  // The password verifier is kept at a login on a registered device: the seller logs in again.
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await login(page, vendedor);
  await expect.poll(async () => (await leerAlmacen<EntradaDispositivo>(page, 'muelle-dispositivo', 'dispositivo'))
    .filter((e) => e.usuario_id !== undefined && e.hash !== undefined).length).toBe(1);
  const guardado = JSON.stringify(await leerAlmacen(page, 'muelle-dispositivo', 'dispositivo'));
  expect(guardado).not.toContain(vendedor.password);

  await menu(page).getByRole('link', { name: 'Venta Rápida de Pasajes' }).click();
  await expect(page.getByText(/Caja abierta · Apertura \$\s5\.000,00/)).toBeVisible();
  await expect.poll(async () => (await leerAlmacen<{ clave: string }>(page, 'muelle-offline', 'config')).map((e) => e.clave))
    .toEqual(expect.arrayContaining(['venta.catalogo', 'venta.empresa']));
  await expect.poll(async () => (await leerAlmacen(page, 'muelle-offline', 'caja')).length).toBe(1);
  await controladaPorElServiceWorker(page);

  // The link drops; the seller sells one ticket offline: it waits in the queue.
  await context.setOffline(true);
  await page.reload();
  const tresBocas = page.getByRole('button', { name: /Tigre – Tres Bocas/ });
  await expect(tresBocas).toBeFocused({ timeout: 15_000 });
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Cantidad General')).toBeFocused();
  await page.keyboard.type('1');
  await page.keyboard.press('Control+Enter');
  const dialogo = page.getByRole('dialog', { name: 'Venta guardada sin conexión' });
  await expect(dialogo).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialogo).toBeHidden();
  await expect(insignia(page)).toHaveText('Sin conexión · 1 pendiente');

  // An hour without activity, offline: the screen locks; the session is not ended.
  const ahora = Date.now();
  await page.clock.fastForward('01:00:01');
  const bloqueo = page.getByRole('main');
  await expect(page.getByRole('heading', { name: 'Sesión bloqueada' })).toBeVisible();
  await expect(bloqueo).toContainText(`${vendedor.nombre}: la sesión se bloqueó por inactividad`);
  await expect(page.getByLabel('Contraseña', { exact: true })).toBeFocused();
  await expect(page).not.toHaveURL(/\/admin\/login/);
  await expect(page.getByRole('button', { name: /Tigre – Tres Bocas/ })).toBeHidden();
  // Back to the real time: the sale's clock and the server's stay the same (the lock needs no more time).
  await page.clock.setSystemTime(ahora);
  await shot(page, 'pantalla');
  expect(await violaciones(page)).toEqual([]);

  // A wrong password is refused on the device; a reload keeps the lock.
  await page.getByLabel('Contraseña', { exact: true }).fill('No-Es-Mi-Clave-1#');
  await page.getByRole('button', { name: 'Desbloquear' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Contraseña incorrecta' })).toBeVisible();
  await expect(page.getByLabel('Contraseña', { exact: true })).toBeFocused();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sesión bloqueada' })).toBeVisible();

  // The right one unlocks: the sale screen and its queue are there.
  await page.getByLabel('Contraseña', { exact: true }).fill(vendedor.password);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Sesión bloqueada' })).toBeHidden();
  await expect(tresBocas).toBeVisible({ timeout: 15_000 });
  await expect(insignia(page)).toHaveText('Sin conexión · 1 pendiente');
  expect(await leerAlmacen(page, 'muelle-offline', 'offline')).toHaveLength(1);

  // Back online, the sale syncs with the same session.
  await context.setOffline(false);
  await expect(page.getByText('1 acción sincronizada correctamente')).toBeVisible({ timeout: 45_000 });
  await expect(insignia(page)).toHaveText('En línea · 0 pendientes');
  expect(await leerAlmacen(page, 'muelle-offline', 'offline')).toEqual([]);
  await shot(page, 'sincronizada');
});
