import { expect, test, type Page } from '@playwright/test';
import { SCREENSHOTS_DIR } from '../playwright.config';
import { abrirCajaPorApi, login, usuarioPropio, violaciones } from './helpers';

const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENSHOTS_DIR}/referencias-pago-${name}.png` });
const menu = (page: Page) => page.getByRole('navigation', { name: 'Menú principal' });

test('el admin vende con tarjeta tipeando los últimos 4 dígitos y la autorización, y encuentra la venta por su referencia', async ({ page, request }) => {
  // An admin of its own: its register and its sales are this test's alone; the authorization is this run's.
  const admin = await usuarioPropio(request, 'admin');
  await abrirCajaPorApi(request, admin);
  const autorizacion = `A${Date.now().toString(36).toUpperCase().slice(-7)}`;
  await login(page, admin);

  // Venta Rápida, solo con el teclado: la sección, 1 General, Débito (una tarjeta) y su referencia.
  await menu(page).getByRole('link', { name: 'Venta Rápida de Pasajes' }).click();
  await expect(page.getByRole('button', { name: /Tigre – Tres Bocas/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Cantidad General')).toBeFocused();
  await page.keyboard.type('1');
  await expect(page.getByRole('radio', { name: 'Efectivo' })).toBeChecked();
  await page.getByRole('radio', { name: 'Efectivo' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'Débito' })).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Últimos 4 dígitos')).toBeFocused();
  await page.keyboard.type('4242');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Código de autorización')).toBeFocused();
  await page.keyboard.type(autorizacion.toLowerCase());
  await expect(page.getByLabel('Código de autorización')).toHaveValue(autorizacion);
  expect(await violaciones(page)).toEqual([]);
  await shot(page, 'venta');
  await page.keyboard.press('Control+Enter');
  const venta = page.getByRole('dialog', { name: 'Venta registrada' });
  await expect(venta).toContainText('Se creó 1 pasaje por $ 4.500,00.');
  await page.keyboard.press('Escape');
  await expect(venta).toBeHidden();

  // El movimiento de la caja lleva la referencia.
  await menu(page).getByRole('link', { name: 'Gestión de Caja' }).click();
  await expect(page.getByRole('row', { name: /Venta de 1 pasaje/ })).toContainText(`•••• 4242 · Aut. ${autorizacion}`);

  // El listado encuentra la venta por su autorización.
  await menu(page).getByRole('link', { name: 'Listado de Pasajes' }).click();
  await expect(page.getByRole('heading', { name: 'Listado de Pasajes' })).toBeVisible();
  await page.getByLabel('Referencia de pago').fill(autorizacion);
  await expect(page.getByText('Mostrando 1 a 1 de 1 resultados')).toBeVisible();
  await expect(page.getByRole('table').getByText('Débito').first()).toBeVisible();
  expect(await violaciones(page)).toEqual([]);
  await shot(page, 'listado');

  // Cancelarlo devuelve por la misma tarjeta: la devolución lleva su propia autorización, y la caja la muestra.
  await page.getByRole('row', { name: /Débito/ }).getByRole('button', { name: 'Cancelar pasaje' }).click();
  const cancelar = page.getByRole('dialog', { name: 'Cancelar pasaje' });
  await cancelar.getByLabel('Últimos 4 dígitos').fill('4242');
  await cancelar.getByLabel('Código de autorización').fill(`D${autorizacion.slice(1)}`);
  expect(await violaciones(page)).toEqual([]);
  await shot(page, 'devolucion');
  await cancelar.getByRole('button', { name: 'Sí, cancelar pasaje' }).click();
  await expect(page.getByText('Pasaje cancelado exitosamente')).toBeVisible();
  await menu(page).getByRole('link', { name: 'Gestión de Caja' }).click();
  await expect(page.getByRole('row', { name: /Devolución del pasaje/ })).toContainText(`•••• 4242 · Aut. D${autorizacion.slice(1)}`);
});
