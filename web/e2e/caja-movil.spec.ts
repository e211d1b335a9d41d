import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { SCREENSHOTS_DIR } from '../playwright.config';
import { authHeaders, login, usuarioPropio, venderPorApi, type Usuario } from './helpers';

/** A phone's width (issue 22): no table may leave its money off screen. */
const ANCHO = 390;

test.use({ viewport: { width: ANCHO, height: 844 } });

const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENSHOTS_DIR}/caja-movil-${name}.png`, fullPage: true });

/** POSTs to the caller's register through the API. */
async function caja(request: APIRequestContext, usuario: Usuario, accion: string, data: object) {
  const response = await request.post(`/api/caja/${accion}`, { headers: await authHeaders(request, usuario), data });
  expect(response.ok(), await response.text()).toBeTruthy();
}

/**
 * The amount is on screen: inside the phone's width without scrolling any table
 * sideways, and wholly in the viewport once the page is scrolled to its row.
 */
async function importeEnPantalla(page: Page, importe: Locator) {
  await expect(importe).toBeVisible();
  const box = await importe.boundingBox();
  expect(box, 'el importe tiene caja').not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(ANCHO);
  // Only the page scrolls (up and down): a table scrolled sideways would hide what is being checked.
  await page.evaluate(`window.scrollBy(0, ${Math.round(box!.y) - 200})`);
  await expect(importe).toBeInViewport({ ratio: 1 });
}

test('a 390 px los movimientos, las cajas anteriores y las últimas ventas muestran su importe', async ({ page, request }) => {
  test.setTimeout(120_000);
  const vendedor = await usuarioPropio(request, 'vendedor');
  // A closed register (Mis cajas anteriores), then an open one with a sale and an expense (Movimientos del Día).
  await venderPorApi(request, vendedor, 'Cliente Anterior');
  await caja(request, vendedor, 'cerrar', { monto_cierre: 4500 });
  await venderPorApi(request, vendedor, 'Marta Teléfono');
  await caja(request, vendedor, 'movimiento', { tipo: 'egreso_gasto', monto: 700, descripcion: 'Nafta para el bote de apoyo' });

  await login(page, vendedor);
  const ultimas = page.getByRole('table', { name: 'Últimas ventas' });
  const venta = ultimas.getByRole('row', { name: /Marta Teléfono/ });
  await importeEnPantalla(page, venta.getByRole('cell', { name: '$ 4.500,00' }));
  await shot(page, 'dashboard');

  await page.goto('/admin/gestion-caja');
  const movimientos = page.getByRole('table', { name: 'Movimientos del Día' });
  const gasto = movimientos.getByRole('row', { name: /Nafta para el bote de apoyo/ });
  await expect(gasto).toContainText('Egreso');
  await importeEnPantalla(page, gasto.getByRole('cell', { name: '-$ 700,00' }));
  const cobro = movimientos.getByRole('row', { name: /Venta de pasaje/ });
  await expect(cobro).toContainText('Ingreso');
  await importeEnPantalla(page, cobro.getByRole('cell', { name: '+$ 4.500,00' }));

  const anteriores = page.getByRole('table', { name: 'Mis cajas anteriores' });
  const cerrada = anteriores.getByRole('row').nth(1);
  await importeEnPantalla(page, cerrada.getByRole('cell', { name: '$ 4.500,00', exact: true }));
  await importeEnPantalla(page, cerrada.getByRole('cell', { name: '$ 0,00', exact: true }));
  await shot(page, 'gestion-caja');
});
