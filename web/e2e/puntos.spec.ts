import { expect, test, type Page } from '@playwright/test';
import { SCREENSHOTS_DIR } from '../playwright.config';
import { abrirCajaPorApi, login, usuarioPropio, violaciones } from './helpers';

const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENSHOTS_DIR}/puntos-${name}.png`, fullPage: true });
const menu = (page: Page) => page.getByRole('navigation', { name: 'Menú principal' });

/** Sells one General ticket of Tigre – Tres Bocas ($ 4.500,00) to the document; `beneficio` redeems it. */
async function vender(page: Page, documento: string, beneficio?: RegExp) {
  await menu(page).getByRole('link', { name: 'Venta Rápida de Pasajes' }).click();
  await page.getByRole('button', { name: /Tigre – Tres Bocas/ }).click();
  await page.getByLabel('Cantidad General').fill('1');
  await page.getByLabel('Documento (opcional)').fill(documento);
  await page.getByLabel('Nombre del cliente (opcional)').fill('Marta Puntos');
  if (beneficio) {
    await page.getByRole('radio', { name: beneficio }).check();
    await expect(page.getByText(/Descuento estimado: \$\s450,00\. Total estimado: \$\s4\.050,00\./)).toBeVisible();
    expect(await violaciones(page)).toEqual([]);
    await shot(page, 'venta-canje');
  }
  await page.getByRole('button', { name: /^Crear Pasajes? —/ }).click();
  const creada = page.getByRole('dialog', { name: 'Venta registrada' });
  await expect(creada).toBeVisible();
  const texto = await creada.textContent();
  await page.keyboard.press('Escape');
  await expect(creada).toBeHidden();
  return texto ?? '';
}

test('el admin configura los puntos y crea un beneficio; el cliente suma puntos en una venta y los canjea en el mostrador', async ({ page, request }) => {
  test.setTimeout(120_000);
  const sufijo = Date.now().toString(36);
  const documento = `9${String(Date.now()).slice(-7)}`;
  const beneficio = `Descuento ${sufijo}`;
  const [admin, vendedor] = await Promise.all([usuarioPropio(request, 'admin'), usuarioPropio(request, 'vendedor')]);

  // The admin sets 1 point per peso and creates a 10 % benefit for 1.000 points.
  await login(page, admin);
  await menu(page).getByRole('link', { name: 'Configuración de Puntos' }).click();
  await expect(page.getByRole('heading', { name: 'Configuración de Puntos' })).toBeVisible();
  await expect(page.getByLabel('Sistema de puntos activo')).toBeChecked();
  await page.getByLabel(/Puntos por cada \$ 1/).fill('1');
  await page.getByLabel(/Vencimiento de los puntos/).fill('365');
  await page.getByRole('button', { name: 'Guardar configuración' }).click();
  await expect(page.getByText('Configuración actualizada exitosamente')).toBeVisible();
  expect(await violaciones(page)).toEqual([]);
  await shot(page, 'configuracion');

  await menu(page).getByRole('link', { name: 'Gestión de Beneficios' }).click();
  await page.getByRole('button', { name: 'Nuevo beneficio' }).click();
  const modal = page.getByRole('dialog', { name: 'Nuevo beneficio' });
  await modal.getByLabel('Nombre').fill(beneficio);
  await modal.getByLabel('Valor (%)').fill('10');
  await modal.getByLabel('Puntos requeridos').fill('1000');
  await modal.getByLabel('Fecha de inicio').fill('01/01/2026');
  // leaving the field closes its calendar (Mantine's own markup, not this screen's)
  await modal.getByLabel('Fecha de inicio').press('Tab');
  expect(await violaciones(page)).toEqual([]);
  await modal.getByRole('button', { name: 'Crear beneficio' }).click();
  await expect(modal.getByText('Beneficio creado exitosamente')).toBeVisible();
  await expect(modal).toBeHidden();
  const fila = page.getByRole('row').filter({ hasText: beneficio });
  await expect(fila).toContainText('10 % de descuento');
  await expect(fila).toContainText('Desde 01/01/2026');
  expect(await violaciones(page)).toEqual([]);
  await shot(page, 'beneficios');
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);

  // The seller sells to a customer with a document: 4.500 points, seen in Consulta de Puntos.
  await abrirCajaPorApi(request, vendedor, 10_000);
  await login(page, vendedor);
  expect(await vender(page, documento)).toMatch(/Se creó 1 pasaje por \$\s4\.500,00/);
  await menu(page).getByRole('link', { name: 'Consulta de Puntos' }).click();
  await page.getByLabel(/Buscar cliente/).fill(documento);
  await page.getByRole('button', { name: /Marta Puntos/ }).click();
  await expect(page.getByLabel('Saldo de puntos')).toContainText('4.500');
  await expect(page.getByLabel('Nivel', { exact: true })).toContainText('Plata');
  const movimientos = page.getByRole('table', { name: 'Movimientos de puntos' });
  await expect(movimientos).toContainText('Compra');
  await expect(movimientos).toContainText('+4.500');
  await expect(page.getByRole('table', { name: 'Lotes de puntos' })).toContainText(/\d{2}\/\d{2}\/\d{4}/);
  await expect(page.getByRole('button', { name: 'Ajustar puntos' })).toHaveCount(0);
  expect(await violaciones(page)).toEqual([]);
  await shot(page, 'consulta');

  // Then redeems the benefit at the counter: the server charges $ 4.050,00 and the register shows it.
  expect(await vender(page, documento, new RegExp(`${beneficio} \\(1\\.000 puntos\\)`))).toMatch(/Se creó 1 pasaje por \$\s4\.050,00/);
  await menu(page).getByRole('link', { name: 'Gestión de Caja' }).click();
  const caja = page.getByRole('table', { name: 'Movimientos del Día' });
  await expect(caja).toContainText(/\$\s4\.050,00/);
  await expect(caja).toContainText(/\$\s4\.500,00/);
  await expect(page.getByRole('group', { name: 'Saldo Actual' })).toContainText(/\$\s18\.550,00/);
  await shot(page, 'caja');

  // The redemption spent 1.000 points and the sale earned 4.050.
  await menu(page).getByRole('link', { name: 'Consulta de Puntos' }).click();
  await page.getByLabel(/Buscar cliente/).fill(documento);
  await page.getByRole('button', { name: /Marta Puntos/ }).click();
  await expect(page.getByLabel('Saldo de puntos')).toContainText('7.550');
  await expect(page.getByRole('table', { name: 'Movimientos de puntos' })).toContainText('Canje');
});
