import { expect, test, type Locator, type Page } from '@playwright/test';
import { SCREENSHOTS_DIR } from '../playwright.config';
import { apiGet, authHeaders, login, usuarioPropio, venderPorApi } from './helpers';

const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENSHOTS_DIR}/tableros-${name}.png`, fullPage: true });

/** The figure of a StatCard (its second line). */
const cifra = (card: Locator) => card.locator('p').nth(1);

// The day's figures are the company's: with no other test selling at the same time (@empresa).
test('el admin ve en su dashboard una venta hecha recién', { tag: '@empresa' }, async ({ page, request }) => {
  await login(page, 'admin');
  await expect(page.getByRole('heading', { name: 'Dashboard de Administración' })).toBeVisible();
  const pasajesHoy = page.getByRole('group', { name: 'Pasajes de hoy' });
  await expect(cifra(pasajesHoy)).toHaveText(/^\d+$/);
  const antes = Number(await cifra(pasajesHoy).textContent());

  await venderPorApi(request, await usuarioPropio(request, 'vendedor'), 'Cliente del Tablero');
  await page.reload();
  await expect(cifra(pasajesHoy)).toHaveText(String(antes + 1));
  // The ranking lists the day's best sellers as the server ranks them.
  const { desempenoVendedores } = await apiGet<{ desempenoVendedores: { vendedor: string }[] }>(
    request, '/api/dashboard/stats', await authHeaders(request, 'admin'));
  expect(desempenoVendedores.length).toBeGreaterThan(0);
  await expect(page.getByRole('row').filter({ hasText: desempenoVendedores[0].vendedor })).toBeVisible();
  // its own company's e-mail and WhatsApp only: the installation's cards stay with super_admin
  await expect(page.getByRole('group', { name: 'Email', exact: true })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Base de Datos' })).toHaveCount(0);
  await shot(page, 'admin');
});

test('el super admin recorre las cuatro pestañas del dashboard global', async ({ page, request }) => {
  // other specs may have created companies: the card counts what the server lists
  const empresas = await apiGet<unknown[]>(request, '/api/admin/empresas', await authHeaders(request, 'superadmin'));
  await login(page, 'superadmin');
  await expect(page.getByRole('heading', { name: 'Dashboard Global' })).toBeVisible();
  await expect(cifra(page.getByRole('group', { name: 'Empresas' }))).toHaveText(String(empresas.length));
  await expect(page.getByRole('figure', { name: 'Pasajes de hoy y usuarios activos por empresa' })).toBeVisible();
  await expect(page.getByRole('radio', { name: '30 s' })).toBeChecked();
  await shot(page, 'global');

  await page.getByRole('tab', { name: 'Empresas' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'Lanchas del Delta' })).toContainText('Activa');
  await expect(page.getByRole('row').filter({ hasText: 'Interisleña Demo' })).toBeVisible();

  await page.getByRole('tab', { name: 'Servicios' }).click();
  await expect(page.getByRole('group', { name: 'Base de Datos' })).toContainText('Conectado');

  await page.getByRole('tab', { name: 'Monitoreo' }).click();
  await expect(cifra(page.getByRole('group', { name: 'Peticiones por minuto' }))).not.toHaveText('0');
  await expect(cifra(page.getByRole('group', { name: 'Latencia de la base de datos' }))).toHaveText(/ms$/);
  await shot(page, 'global-monitoreo');
});

test('el supervisor ve la tarjeta del vendedor con la caja abierta y sus ventas', async ({ page, request }) => {
  const vendedor = await usuarioPropio(request, 'vendedor');
  await venderPorApi(request, vendedor, 'Cliente del Monitoreo');
  await login(page, 'supervisor');
  await expect(page.getByRole('row').filter({ hasText: vendedor.nombre })).toContainText('Caja abierta');
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Monitoreo de Vendedores' }).click();
  await expect(page.getByRole('heading', { name: 'Monitoreo de Vendedores' })).toBeVisible();

  const tarjeta = page.getByRole('article', { name: vendedor.nombre });
  await expect(tarjeta).toContainText('Activo');
  await expect(tarjeta).toContainText(/Caja abierta hace/);
  await expect(tarjeta.getByText('Ventas de hoy').locator('xpath=following-sibling::*[1]')).not.toHaveText('0');
  await expect(cifra(page.getByRole('group', { name: 'Activos' }))).not.toHaveText('0');
  await shot(page, 'monitoreo-vendedores');
});

test('un vendedor no entra al monitoreo de vendedores', async ({ page }) => {
  await login(page, 'vendedor');
  await page.goto('/admin/monitoreo-vendedores');
  await expect(page.getByRole('heading', { name: 'Acceso Denegado' })).toBeVisible();
});
