import { expect, test, type Locator, type Page } from '@playwright/test';
import { SCREENSHOTS_DIR } from '../playwright.config';
import { abrirCajaPorApi, authHeaders, login, usuarioPropio } from './helpers';

const shot = (page: Page, name: string, fullPage = false) => page.screenshot({ path: `${SCREENSHOTS_DIR}/whatsapp-${name}.png`, fullPage });
const menu = (page: Page) => page.getByRole('navigation', { name: 'Menú principal' });
/** The figure of a StatCard. */
const cifra = (card: Locator) => card.locator('p').nth(1);

/** Takes the screenshot at desk width, then on a 390 px phone (reloaded so that the layout starts narrow). */
async function shots(page: Page, name: string, listo: () => Promise<void>) {
  await shot(page, `${name}-escritorio`, true);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await listo();
  await shot(page, `${name}-movil`, true);
  await page.setViewportSize({ width: 1280, height: 720 });
}

// No WhatsApp account is reachable here: these flows need none (the link itself is tested in Go with a fake).

// It changes the company's WhatsApp settings, and puts them back (@empresa).
test('el admin ve WhatsApp sin inicializar y la configuración guardada al salir del campo sigue ahí al recargar', { tag: '@empresa' }, async ({ page }) => {
  await login(page, 'admin');
  await menu(page).getByRole('link', { name: 'Gestión WhatsApp' }).click();
  await expect(page.getByRole('heading', { name: 'Gestión WhatsApp' })).toBeVisible();
  const estado = page.getByRole('region', { name: 'Estado de la conexión' });
  await expect(estado).toContainText('No inicializado');
  await expect(estado.getByRole('button', { name: 'Inicializar WhatsApp' })).toBeVisible();
  // The test message is offered only while connected.
  await expect(page.getByRole('region', { name: 'Mensaje de prueba' })).toHaveCount(0);

  const horario = page.getByLabel('Horario de atención');
  await expect(horario).toHaveAttribute('placeholder', '08:00-18:00');
  await horario.fill('de 9 a 17');
  await horario.blur();
  await expect(page.getByText('Error actualizando configuración: El horario de atención debe tener el formato HH:MM-HH:MM (por ejemplo 08:00-18:00)')).toBeVisible();

  await horario.fill('09:00-17:30');
  await horario.blur();
  await expect(page.getByText('Cambios guardados')).toBeVisible();
  const respuesta = page.getByRole('checkbox', { name: /Respuesta automática/ });
  await respuesta.check();
  await expect(respuesta).toBeChecked();

  await page.reload();
  await expect(page.getByLabel('Horario de atención')).toHaveValue('09:00-17:30');
  await expect(page.getByRole('checkbox', { name: /Respuesta automática/ })).toBeChecked();
  await shots(page, 'gestion', () => expect(page.getByLabel('Horario de atención')).toHaveValue('09:00-17:30'));

  // Back to the defaults: nothing of this spec stays for the others.
  await page.getByLabel('Horario de atención').fill('');
  await page.getByLabel('Horario de atención').blur();
  await expect(page.getByText('Cambios guardados')).toBeVisible();
  await page.getByRole('checkbox', { name: /Respuesta automática/ }).uncheck();
  await expect(page.getByRole('checkbox', { name: /Respuesta automática/ })).not.toBeChecked();
});

test('el super admin ve cada empresa en WhatsApp Global; el admin no entra', async ({ page, browser, request }) => {
  await login(page, 'superadmin');
  await menu(page).getByRole('link', { name: 'WhatsApp Global' }).click();
  await expect(page.getByRole('heading', { name: 'WhatsApp Global' })).toBeVisible();
  for (const empresa of ['Lanchas del Delta', 'Interisleña Demo']) {
    const tarjeta = page.getByRole('region', { name: empresa });
    await expect(tarjeta).toContainText('No inicializado');
    await expect(tarjeta).toContainText('Número: Sin vincular');
    await expect(tarjeta).toContainText('Última conexión: Nunca');
    await expect(tarjeta.getByRole('button', { name: 'Inicializar' })).toBeVisible();
  }
  await expect(cifra(page.getByRole('group', { name: 'Conectados' }))).toHaveText('0');
  // Other specs may have added companies: at least the two of the demo.
  await expect.poll(async () => Number(await cifra(page.getByRole('group', { name: 'Total Empresas' })).textContent())).toBeGreaterThanOrEqual(2);
  await shots(page, 'global', () => expect(page.getByRole('region', { name: 'Lanchas del Delta' })).toBeVisible());

  const admin = await (await browser.newContext()).newPage();
  await login(admin, 'admin');
  await expect(menu(admin).getByRole('link', { name: 'WhatsApp Global' })).toHaveCount(0);
  await admin.goto('/admin/configuracion/whatsapp-global');
  await expect(admin.getByRole('heading', { name: 'Acceso Denegado' })).toBeVisible();
  // The server refuses it too.
  const todas = await request.get('/api/whatsapp/status/all', { headers: await authHeaders(request, 'admin') });
  expect(todas.status()).toBe(403);
});

test.describe('desde el mostrador', () => {
  test('sin WhatsApp vinculado, el diálogo de la venta no ofrece enviarla por WhatsApp', async ({ page, request }) => {
    // A seller of its own, its register open. The demo company has linked no WhatsApp here
    // (the send itself, with a fake device, is driven in Vitest and in the Go tests).
    const vendedor = await usuarioPropio(request, 'vendedor');
    await abrirCajaPorApi(request, vendedor);
    await login(page, vendedor);
    await menu(page).getByRole('link', { name: 'Venta Rápida de Pasajes' }).click();
    await page.getByRole('button', { name: /Tigre – Tres Bocas/ }).click();
    await page.getByLabel('Cantidad General').fill('1');
    await page.getByLabel('Nombre del cliente (opcional)').fill('Pasajera de WhatsApp');
    await page.getByLabel('Teléfono (opcional)').fill('11 5555-1234');
    await page.getByRole('button', { name: /^Crear Pasajes? —/ }).click();

    const opciones = page.getByRole('dialog', { name: 'Venta registrada' });
    await expect(opciones.getByRole('button', { name: 'Ver Códigos de Validación' })).toBeVisible();
    await expect(opciones.getByRole('button', { name: 'Enviar por WhatsApp' })).toHaveCount(0);
    // The options on a phone: they wrap and stay inside the dialog.
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'opciones-movil');
  });
});
