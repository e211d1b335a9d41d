import { expect, test, type Page } from '@playwright/test';
import { SCREENSHOTS_DIR } from '../playwright.config';
import { login, usuarioPropio } from './helpers';

// Works offline: the service worker the other specs go without (playwright.config.ts) is needed here.
test.use({ serviceWorkers: 'allow' });

const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENSHOTS_DIR}/mostrador-${name}.png` });
const menu = (page: Page) => page.getByRole('navigation', { name: 'Menú principal' });
const saldo = (page: Page) => page.getByRole('group', { name: 'Saldo Actual' });
const crear = (page: Page) => page.getByRole('button', { name: /^Crear Pasajes? —/ });

// Each test opens a register, sells and checks the register: slow on a loaded machine.
test.describe.configure({ timeout: 180_000 });

/** Opens the register of the logged-in user (the test's own, so closed) with $ 10.000 on Gestión de Caja. */
async function abrirCaja(page: Page) {
  await menu(page).getByRole('link', { name: 'Gestión de Caja' }).click();
  await expect(page.getByRole('heading', { name: 'Gestión de Caja' })).toBeVisible();
  await page.getByRole('button', { name: 'Abrir Caja' }).click();
  const abrir = page.getByRole('dialog', { name: 'Abrir Caja' });
  await abrir.getByLabel('Monto de apertura').fill('10000');
  await abrir.getByRole('button', { name: 'Abrir Caja' }).click();
  await expect(saldo(page)).toContainText(/\$\s10\.000,00/);
}

/** On Venta Rápida (from the keyboard): Tres Bocas, `cantidad` General tickets typed into the quantity box. */
async function cargarVenta(page: Page, cantidad: string) {
  // After a sale the screen is ready for the next one, the focus on the first section.
  if (!page.url().endsWith('/admin/venta-pasajes')) await menu(page).getByRole('link', { name: 'Venta Rápida de Pasajes' }).click();
  const tresBocas = page.getByRole('button', { name: /Tigre – Tres Bocas/ });
  await expect(tresBocas).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Cantidad General')).toBeFocused();
  await page.keyboard.type(cantidad);
}

/** Leaves the after-sale dialog, once it shows the sale (`resumen`), with 'Más Tarde'. */
async function masTarde(page: Page, resumen: RegExp) {
  const venta = page.getByRole('dialog', { name: 'Venta registrada' });
  await expect(venta).toContainText(resumen);
  await venta.getByRole('button', { name: 'Más Tarde' }).click();
  await expect(venta).toBeHidden();
}

/** Closes the register on Gestión de Caja counting `contado` in cash; answers the close summary. */
async function cerrarCaja(page: Page, contado: string) {
  await menu(page).getByRole('link', { name: 'Gestión de Caja' }).click();
  await page.getByRole('button', { name: 'Cerrar Caja' }).click();
  const cerrar = page.getByRole('dialog', { name: 'Cerrar Caja' });
  await cerrar.getByLabel('Efectivo contado').fill(contado);
  await cerrar.getByRole('button', { name: 'Continuar' }).click();
  await page.getByRole('dialog', { name: 'Confirmar cierre de caja' }).getByRole('button', { name: 'Cerrar Caja' }).click();
  const resumen = page.getByRole('dialog', { name: 'Caja cerrada' });
  await expect(resumen).toContainText(/Diferencia\s*\$\s0,00/);
  return resumen;
}

test('un Enter suelto no vende 11 pasajes, y la venta se anula desde el diálogo devolviendo el dinero', async ({ page, request }) => {
  // The undo cancels tickets: a supervisor may (pasajes.anular), a seller may not.
  await login(page, await usuarioPropio(request, 'supervisor'));
  await abrirCaja(page);

  await cargarVenta(page, '11');
  await page.keyboard.press('Enter');
  const grande = page.getByRole('dialog', { name: 'Confirmar venta grande' });
  await expect(grande).toContainText(/Vas a vender 11 pasajes por \$\s49\.500,00/);
  await expect(grande.getByRole('button', { name: 'Cancelar' })).toBeFocused();
  await shot(page, 'venta-grande');
  // A second stray Enter lands on Cancelar: nothing is sold.
  await page.keyboard.press('Enter');
  await expect(grande).toBeHidden();
  await expect(crear(page)).toHaveText(/\$\s49\.500,00/);

  await page.keyboard.press('Control+Enter');
  await grande.getByRole('button', { name: 'Sí, crear 11 pasajes' }).click();
  const venta = page.getByRole('dialog', { name: 'Venta registrada' });
  await expect(venta).toContainText(/Se crearon 11 pasajes por \$\s49\.500,00/);
  await venta.getByRole('button', { name: 'Anular esta venta' }).click();
  const anular = page.getByRole('dialog', { name: 'Anular esta venta' });
  await expect(anular).toContainText(/devolución de \$\s49\.500,00 en tu caja/);
  await anular.getByRole('button', { name: 'Sí, anular la venta' }).click();
  // Each ticket goes through the cancel flow: give the eleven calls time on a loaded machine.
  await expect(page.getByText(/Venta anulada: 11 pasajes cancelados y \$\s49\.500,00 devueltos en la caja/))
    .toBeVisible({ timeout: 60_000 });

  // The register got the sale and its refund: the balance is back where it was.
  await menu(page).getByRole('link', { name: 'Gestión de Caja' }).click();
  await expect(page.getByRole('row', { name: /Venta de 11 pasajes/ })).toContainText(/\+\$\s49\.500,00/);
  await expect(saldo(page)).toContainText(/\$\s10\.000,00/);
  await shot(page, 'anulada');
});

test('una venta cuya respuesta se pierde no se da por perdida: al volver la conexión se confirma sola, una sola vez', async ({ page, context, request }) => {
  await login(page, await usuarioPropio(request, 'vendedor'));
  await abrirCaja(page);
  await cargarVenta(page, '1');

  // The first sale reaches the server and is recorded; its answer never arrives.
  let primera = true;
  await page.route('**/api/pasajes/lote', async (route) => {
    if (!primera) return route.fallback();
    primera = false;
    await route.fetch();
    await route.abort('internetdisconnected');
  });
  await page.getByLabel('Teléfono (opcional)').fill('11 5555-0000');
  // Ctrl+Enter sells from any field, this one included.
  await page.keyboard.press('Control+Enter');
  // Other alerts may show too (the event stream's disconnection): the sale's own says what happened.
  await expect(page.getByRole('alert').filter({ hasText: 'No sabemos si la venta se registró' }))
    .toContainText('No sabemos si la venta se registró: reintentá para confirmarla, no se duplica');
  await expect(page.getByLabel('Cantidad General')).toHaveValue('1');
  await shot(page, 'venta-incierta');

  // The connection drops and comes back: the screen retries by itself with the same key.
  await context.setOffline(true);
  await context.setOffline(false);
  await masTarde(page, /Se creó 1 pasaje por \$\s4\.500,00/);

  await menu(page).getByRole('link', { name: 'Gestión de Caja' }).click();
  await expect(page.getByRole('row', { name: /Venta de 1 pasaje\b/ })).toHaveCount(1);
  await expect(saldo(page)).toContainText(/\$\s14\.500,00/);
  const resumen = await cerrarCaja(page, '14500');
  await resumen.getByRole('button', { name: 'Listo' }).click();
});

test('Gestión de Caja separa el efectivo en caja de los otros medios de pago', async ({ page, request }) => {
  await login(page, await usuarioPropio(request, 'vendedor'));
  await abrirCaja(page);

  await cargarVenta(page, '2');
  await page.keyboard.press('Control+Enter');
  await masTarde(page, /Se crearon 2 pasajes por \$\s9\.000,00/);

  await cargarVenta(page, '1');
  await page.getByRole('radio', { name: 'Débito' }).check();
  await crear(page).click();
  await masTarde(page, /Se creó 1 pasaje por \$\s4\.500,00/);

  await menu(page).getByRole('link', { name: 'Gestión de Caja' }).click();
  const porMedio = page.getByRole('region', { name: 'Por medio de pago' });
  await expect(porMedio.getByRole('listitem', { name: 'Efectivo en caja' })).toContainText(/\$\s19\.000,00/);
  await expect(porMedio.getByRole('listitem', { name: 'Débito' })).toContainText(/\$\s4\.500,00/);
  await shot(page, 'por-medio');

  const resumen = await cerrarCaja(page, '19000');
  await expect(resumen.getByRole('listitem', { name: 'Efectivo en caja' })).toContainText(/\$\s19\.000,00/);
  await expect(resumen.getByRole('listitem', { name: 'Débito' })).toContainText(/\$\s4\.500,00/);
  await expect(resumen).toContainText(/Egresos\s*\$\s0,00/);
  await shot(page, 'cierre-por-medio');
  await resumen.getByRole('button', { name: 'Listo' }).click();
});
