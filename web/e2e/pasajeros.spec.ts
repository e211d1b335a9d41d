import { expect, test, type Page } from '@playwright/test';
import { SCREENSHOTS_DIR } from '../playwright.config';
import { abrirCajaPorApi, login, usuarioPropio, violaciones } from './helpers';

const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENSHOTS_DIR}/pasajeros-${name}.png` });
const menu = (page: Page) => page.getByRole('navigation', { name: 'Menú principal' });

const FAMILIA = [
  { nombre: 'Marta Gómez', dni: '30111222' },
  { nombre: 'Raúl Gómez', dni: '29111333' },
  { nombre: 'Sofía Gómez', dni: '50111444' },
];

test('el vendedor vende 3 pasajes con el nombre y el DNI de cada pasajero solo con el teclado, y Mis Ventas los nombra', async ({ page, request }) => {
  const vendedor = await usuarioPropio(request, 'vendedor');
  await abrirCajaPorApi(request, vendedor);
  await login(page, vendedor);
  await menu(page).getByRole('link', { name: 'Venta Rápida de Pasajes' }).click();

  // Desde aquí, solo el teclado: la sección, 3 pasajes generales, y Tab hasta la fila del primer pasajero.
  await expect(page.getByRole('button', { name: /Tigre – Tres Bocas/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Cantidad General')).toBeFocused();
  await page.keyboard.type('3');
  const primero = page.getByLabel('Nombre y apellido del pasajero 1');
  await expect(primero).toBeVisible();
  type ConFoco = { ownerDocument: { activeElement: unknown } };
  const enfocado = () => primero.evaluate((el: ConFoco) => el === el.ownerDocument.activeElement);
  for (let i = 0; i < 25 && !(await enfocado()); i++) await page.keyboard.press('Tab');
  await expect(primero).toBeFocused();
  // each row: name, document type (DNI), number, nationality, birth date, age band, sex, then the next row
  for (const [i, p] of FAMILIA.entries()) {
    await expect(page.getByLabel(`Nombre y apellido del pasajero ${i + 1}`)).toBeFocused();
    await page.keyboard.type(p.nombre);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.type(p.dni);
    for (let t = 0; t < 5; t++) await page.keyboard.press('Tab');
  }
  await shot(page, 'formulario');
  expect(await violaciones(page)).toEqual([]);
  await page.keyboard.press('Control+Enter');

  const registrada = page.getByRole('dialog', { name: 'Venta registrada' });
  await expect(registrada).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(registrada).toBeHidden();

  // Mis Ventas nombra a cada pasajero junto al comprador.
  await menu(page).getByRole('link', { name: 'Mis Ventas' }).click();
  const pasajes = page.getByRole('table', { name: 'Pasajes' });
  for (const p of FAMILIA) await expect(pasajes.getByText(`Pasajero: ${p.nombre}`)).toBeVisible();
  await shot(page, 'mis-ventas');
  expect(await violaciones(page)).toEqual([]);
});
