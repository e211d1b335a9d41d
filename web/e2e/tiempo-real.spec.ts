import { expect, test, type Page } from '@playwright/test';
import { SCREENSHOTS_DIR } from '../playwright.config';
import { abrirCajaPorApi, authHeaders, login, usuarioPropio } from './helpers';

const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENSHOTS_DIR}/tiempo-real-${name}.png` });

// The admin's notifications are of every sale of the company: no other test may sell meanwhile (@empresa).
test('un supervisor vende y la campana del administrador se actualiza sin recargar', { tag: '@empresa' }, async ({ browser, request }) => {
  test.setTimeout(240_000);
  const adminCtx = await browser.newContext();
  const vendedorCtx = await browser.newContext();
  const admin = await adminCtx.newPage();
  const vendedor = await vendedorCtx.newPage();

  // earlier specs' sales left the admin unread notifications: start from none
  const leidas = await admin.request.put('/api/notificaciones/leidas', { headers: await authHeaders(admin.request, 'admin') });
  expect(leidas.ok()).toBeTruthy();
  await login(admin, 'admin');
  const campana = admin.getByRole('button', { name: /^Notificaciones/ });
  await expect(campana).toHaveAccessibleName('Notificaciones');
  // the live updates' state is in the bell's panel (the header says the connection's alone)
  await campana.click();
  await expect(admin.getByRole('status', { name: 'Tiempo real: Conectado' })).toBeVisible({ timeout: 30_000 });
  // closed again with Escape before the sale (the panel holds the focus, which goes back to the bell):
  // the next click must open it. The panel takes the focus once its opening ends (slower on a busy machine).
  await expect(admin.getByRole('dialog').locator(':focus')).toHaveCount(1);
  await admin.keyboard.press('Escape');
  await expect(admin.getByRole('dialog')).toBeHidden();
  await expect(campana).toBeFocused();
  // nothing on the admin's page may reload: a marker set now must survive
  await admin.evaluate(() => { (globalThis as unknown as { marca: string }).marca = 'sin recargar'; });

  // a supervisor of the test's own sells (its register opened through the API)
  const supervisor = await usuarioPropio(request, 'supervisor');
  await abrirCajaPorApi(request, supervisor, 1000);
  await login(vendedor, supervisor);
  await vendedor.goto('/admin/venta-pasajes');
  await vendedor.getByRole('button', { name: /Tigre – Tres Bocas/ }).click();
  await vendedor.getByLabel('Cantidad General').fill('2');
  await vendedor.getByRole('button', { name: /^Crear Pasajes? —/ }).click();
  await expect(vendedor.getByRole('dialog', { name: 'Venta registrada' })).toBeVisible();

  // the sale (and the register's opening, when this run had not opened it yet): unread notifications
  await expect(campana).toHaveAccessibleName(/^Notificaciones: \d+ sin leer$/, { timeout: 30_000 });
  const sinLeer = async () => Number((await campana.getAttribute('aria-label'))?.match(/(\d+) sin leer/)?.[1] ?? 0);
  await campana.click();
  const panel = admin.getByRole('dialog');
  // newest first; earlier specs' sales may be listed below, already read
  await expect(panel.getByText(/vendió 2 pasajes a Cliente Anónimo por \$\s9\.000,00/).first()).toBeVisible();
  await shot(admin, 'campana');
  const antes = await sinLeer();
  await panel.getByRole('button', { name: 'Marcar como leída: Nueva venta' }).first().click();
  await expect.poll(sinLeer).toBeLessThan(antes);
  // what is left unread (the register's opening; on a busy machine an earlier spec's sale whose notification
  // was written late) goes with 'Marcar todas', which is then disabled and the bell says none is unread
  const marcarTodas = panel.getByRole('button', { name: 'Marcar todas como leídas' });
  await expect(async () => {
    if (await marcarTodas.isEnabled()) await marcarTodas.click();
    await expect(marcarTodas).toBeDisabled({ timeout: 2_000 });
    await expect(campana).toHaveAccessibleName('Notificaciones', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  expect(await admin.evaluate(() => (globalThis as unknown as { marca?: string }).marca)).toBe('sin recargar');

  // the centre lists it with the date as dd/MM/yyyy 'a las' HH:mm
  await panel.getByRole('link', { name: 'Ver todas' }).click();
  await expect(admin.getByRole('heading', { name: 'Centro de Notificaciones' })).toBeVisible();
  await expect(admin.getByText(/\d{2}\/\d{2}\/\d{4} a las \d{2}:\d{2}/).first()).toBeVisible();
  await admin.getByText('No leídas', { exact: true }).click();
  await expect(admin.getByText('No tienes notificaciones sin leer')).toBeVisible();

  await adminCtx.close();
  await vendedorCtx.close();
});
