import { expect, test, type Page } from '@playwright/test';
import { SCREENSHOTS_DIR } from '../playwright.config';
import { abrirCajaPorApi, login, usuarioPropio } from './helpers';

const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENSHOTS_DIR}/clientes-${name}.png` });
const menu = (page: Page) => page.getByRole('navigation', { name: 'Menú principal' });

test('el supervisor registra un cliente, le vende con su documento y ve el pasaje en su detalle', async ({ page, request }) => {
  const supervisor = await usuarioPropio(request, 'supervisor');
  await abrirCajaPorApi(request, supervisor);
  await login(page, supervisor);

  // Alta del cliente.
  await menu(page).getByRole('link', { name: 'Clientes' }).click();
  await expect(page.getByRole('heading', { name: 'Clientes' })).toBeVisible();
  await page.getByRole('button', { name: 'Nuevo cliente' }).click();
  const alta = page.getByRole('dialog', { name: 'Nuevo cliente' });
  await alta.getByLabel('Nombre').fill('Rocío');
  await alta.getByLabel('Apellido').fill('Gómez');
  await alta.getByLabel('Documento').fill('33444555');
  await alta.getByLabel('Teléfono').fill('11 4000-1234');
  await alta.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Cliente creado correctamente')).toBeVisible();
  // The search ignores case and accents.
  await page.getByLabel('Buscar').fill('rocio gomez');
  await expect(page.getByRole('table', { name: 'Clientes' }).getByRole('row')).toHaveCount(2);
  await shot(page, 'lista');

  // Venta con el documento: el nombre y el teléfono se completan solos.
  await menu(page).getByRole('link', { name: 'Venta Rápida de Pasajes' }).click();
  await page.getByRole('button', { name: /Tigre – Tres Bocas/ }).click();
  await page.getByLabel('Cantidad General').fill('1');
  await page.getByLabel('Documento (opcional)').fill('33444555');
  await page.getByLabel('Documento (opcional)').press('Tab');
  await expect(page.getByText('Cliente registrado: Rocío Gómez')).toBeVisible();
  await expect(page.getByLabel('Nombre del cliente (opcional)')).toHaveValue('Rocío Gómez');
  await expect(page.getByLabel('Teléfono (opcional)')).toHaveValue('11 4000-1234');
  await shot(page, 'venta');
  await page.getByRole('button', { name: /^Crear Pasajes? —/ }).click();
  await expect(page.getByRole('dialog', { name: 'Venta registrada' })).toBeVisible();

  // El pasaje aparece en el detalle del cliente.
  await page.goto('/admin/clientes');
  await page.getByLabel('Buscar').fill('33444555');
  await page.getByRole('button', { name: 'Ver Rocío Gómez' }).click();
  const detalle = page.getByRole('dialog', { name: 'Detalle del cliente' });
  const pasajes = detalle.getByRole('table', { name: 'Pasajes del cliente' });
  await expect(pasajes.getByRole('row')).toHaveCount(2);
  await expect(pasajes).toContainText('Tigre – Tres Bocas');
  await shot(page, 'detalle');
});
