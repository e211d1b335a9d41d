import { expect, test, type Page } from '@playwright/test';
import { SCREENSHOTS_DIR } from '../playwright.config';
import { abrirCajaPorApi, controladaPorElServiceWorker, login, usuarioPropio, violaciones } from './helpers';
import { insignia, leerAlmacen } from './offline';

// Works offline: the service worker the other specs go without (playwright.config.ts) is needed here.
test.use({ serviceWorkers: 'allow' });

const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENSHOTS_DIR}/offline-venta-${name}.png` });
const menu = (page: Page) => page.getByRole('navigation', { name: 'Menú principal' });

/** A queued action as the Dexie `offline` store keeps it. */
interface Accion {
  id: string;
  tipo: string;
  ocurrido_en: number;
  estado: string;
  datos: { caja_id: number; seccion_id: number; pasajes: { numero_pasaje: string; codigo_qr: string; precio: number }[] };
}

test('sin conexión el vendedor sigue vendiendo con el teclado: pasajes numerados y firmados por el dispositivo, impresos y en cola', async ({ page, context, request }) => {
  // login, a registration, a service worker install, an offline reload, a sale, a print and a sync
  test.setTimeout(150_000);
  // The print window's print() is recorded instead of opening the printer dialog.
  await context.addInitScript({ content: "window.print = () => document.documentElement.setAttribute('data-impreso', 'si');" });
  const vendedor = await usuarioPropio(request, 'vendedor');
  await abrirCajaPorApi(request, vendedor, 5000);
  await login(page, vendedor);
  await menu(page).getByRole('link', { name: 'Venta Rápida de Pasajes' }).click();
  await expect(page.getByText(/Caja abierta · Apertura \$\s5\.000,00/)).toBeVisible();

  // Online, the screen offers to register this browser as a device, which offline sales need.
  await page.getByRole('button', { name: 'Registrar este dispositivo' }).click();
  const registro = page.getByRole('dialog', { name: 'Registrar este dispositivo' });
  await registro.getByLabel('Nombre del dispositivo').fill(`Boletería ${vendedor.usuario}`.slice(0, 60));
  await registro.getByRole('button', { name: 'Registrar' }).click();
  await expect(page.getByText(/^Dispositivo registrado con el código [0-9A-Z]{4}$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Registrar este dispositivo' })).toBeHidden();
  const [dispositivo] = await leerAlmacen<{ codigo: string; certificado: string }>(page, 'muelle-dispositivo', 'dispositivo');
  expect(dispositivo.codigo).toMatch(/^[0-9A-Z]{4}$/);

  // What the sale needs offline is saved on the device as the screen reads it.
  await expect.poll(async () => (await leerAlmacen<{ clave: string }>(page, 'muelle-offline', 'config')).map((e) => e.clave).sort())
    .toEqual(expect.arrayContaining(['venta.catalogo', 'venta.empresa']));
  await expect.poll(async () => (await leerAlmacen(page, 'muelle-offline', 'caja')).length).toBe(1);
  await controladaPorElServiceWorker(page);

  // The link drops and the seller opens the sale again: the splash says so, then the saved data sells.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'Sistema en modo offline. Cargando...' })).toBeVisible();
  const tresBocas = page.getByRole('button', { name: /Tigre – Tres Bocas/ });
  await expect(tresBocas).toBeFocused({ timeout: 15_000 });
  await expect(page.getByRole('alert').filter({ hasText: 'Sistema en modo offline' })).toContainText('Las ventas se guardan en este dispositivo');
  await expect(page.getByText(/Caja abierta · Apertura \$\s5\.000,00/)).toBeVisible();
  await shot(page, 'pantalla');
  expect(await violaciones(page)).toEqual([]);

  // The same keyboard flow as online: section, two General, Ctrl+Enter.
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Cantidad General')).toBeFocused();
  await page.keyboard.type('2');
  await expect(page.getByRole('button', { name: /^Crear Pasajes? —/ })).toHaveText(/Crear Pasajes — \$\s9\.000,00/);
  await page.keyboard.press('Control+Enter');

  const dialogo = page.getByRole('dialog', { name: 'Venta guardada sin conexión' });
  await expect(dialogo).toContainText(/Se emitieron 2 pasajes por \$\s9\.000,00 sin conexión\./);
  // One action waits: the whole sale.
  await expect(insignia(page)).toHaveText('Sin conexión · 1 pendiente');
  await shot(page, 'venta');
  expect(await violaciones(page)).toEqual([]);

  // Printed on the device: the receipt carries the offline mark and the QR of the signed code.
  const [ventana] = await Promise.all([page.waitForEvent('popup'), dialogo.getByRole('button', { name: 'Imprimir' }).click()]);
  const numero = new RegExp(`^Pasaje LD-${dispositivo.codigo}-\\d{8}-\\d{6}$`);
  await expect(ventana.locator('.numero')).toHaveText([numero, numero]);
  await expect(ventana.getByText('Emitido sin conexión')).toHaveCount(2);
  await expect(ventana.getByRole('img', { name: /^Código QR del pasaje / }).first().locator('svg')).toBeVisible();
  await expect(ventana.locator('html')).toHaveAttribute('data-impreso', 'si');
  await ventana.screenshot({ path: `${SCREENSHOTS_DIR}/offline-venta-impresion.png` });
  await ventana.close();

  await dialogo.getByRole('button', { name: 'Ver Códigos de Validación' }).click();
  const codigos = page.getByRole('dialog', { name: 'Códigos de Validación' });
  await expect(codigos.getByRole('listitem')).toHaveCount(2);
  await expect(codigos.getByText(/^MUELLE2\.[\w-]+\.[\w-]+$/)).toHaveCount(2); // the short form: no certificate
  await expect(codigos.getByText(/General · \$\s4\.500,00 · Sin conexión/)).toHaveCount(2);
  await page.keyboard.press('Enter');
  await expect(codigos).toBeHidden();
  await expect(tresBocas).toBeFocused();

  // The sale waits in the device's queue, as POST /api/sync takes it.
  const cola = await leerAlmacen<Accion>(page, 'muelle-offline', 'offline');
  expect(cola).toHaveLength(1);
  const [accion] = cola;
  expect(accion.tipo).toBe('venta');
  // waiting; or, for an instant, being tried (the print window's close makes headless Chromium fire 'online')
  expect(['pendiente', 'enviando']).toContain(accion.estado);
  expect(accion.datos.pasajes.map((p) => p.precio)).toEqual([4500, 4500]);
  expect(accion.datos.pasajes.map((p) => p.numero_pasaje)).toEqual(
    [1, 2].map((n) => expect.stringMatching(new RegExp(`^LD-${dispositivo.codigo}-\\d{8}-00000${n}$`))),
  );
  // The counter was advanced on the device.
  const contador = (await leerAlmacen<{ clave: string; valor: { ultimo: number } }>(page, 'muelle-offline', 'config'))
    .find((e) => e.clave === `contador_offline:${dispositivo.codigo}`);
  expect(contador?.valor.ultimo).toBe(2);

  // Back online, the sync worker sends it: the server applies it into the seller's register.
  await context.setOffline(false);
  await expect(page.getByText('1 acción sincronizada correctamente')).toBeVisible({ timeout: 45_000 });
  await expect(insignia(page)).toHaveText('En línea · 0 pendientes');
  expect(await leerAlmacen<Accion>(page, 'muelle-offline', 'offline')).toEqual([]);
  await menu(page).getByRole('link', { name: 'Gestión de Caja' }).click();
  await expect(page.getByRole('row', { name: /Venta sin conexión de 2 pasajes/ })).toContainText(/\+\$\s9\.000,00/);
  await expect(page.getByRole('group', { name: 'Saldo Actual' })).toContainText(/14\.000,00/);
  await shot(page, 'caja');
});
