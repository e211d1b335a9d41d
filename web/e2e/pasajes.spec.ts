import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { SCREENSHOTS_DIR } from '../playwright.config';
import { authHeaders, login, usuarioPropio, venderPorApi } from './helpers';

const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENSHOTS_DIR}/pasajes-${name}.png` });
const menu = (page: Page) => page.getByRole('navigation', { name: 'Menú principal' });
const saldo = (page: Page) => page.getByRole('group', { name: 'Saldo Actual' });

/** es-AR money as shown, e.g. `$ 14.500,00` → "14.500,00" for an amount in pesos. */
const pesos = (n: number) => new Intl.NumberFormat('es-AR', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);

/** Opens the register of the logged-in user (the test's own, so closed) with $ 10.000; answers that balance. */
async function abrirCaja(page: Page): Promise<number> {
  await menu(page).getByRole('link', { name: 'Gestión de Caja' }).click();
  await expect(page.getByRole('heading', { name: 'Gestión de Caja' })).toBeVisible();
  await page.getByRole('button', { name: 'Abrir Caja' }).click();
  const abrir = page.getByRole('dialog', { name: 'Abrir Caja' });
  await abrir.getByLabel('Monto de apertura').fill('10000');
  await abrir.getByRole('button', { name: 'Abrir Caja' }).click();
  await expect(saldo(page)).toContainText(pesos(10000));
  return 10000;
}

/** Expects the register's balance to read `monto`. */
async function esperarSaldo(page: Page, monto: number) {
  await menu(page).getByRole('link', { name: 'Gestión de Caja' }).click();
  await expect(saldo(page)).toContainText(pesos(monto));
}

/** Sells one General ticket of Tigre – Tres Bocas and answers its number. */
async function venderUno(page: Page, cliente: string): Promise<string> {
  await menu(page).getByRole('link', { name: 'Venta Rápida de Pasajes' }).click();
  await page.getByRole('button', { name: /Tigre – Tres Bocas/ }).click();
  await expect(page.getByLabel('Cantidad General')).toBeFocused();
  await page.keyboard.type('1');
  await page.getByLabel('Nombre del cliente (opcional)').fill(cliente);
  await page.getByRole('button', { name: /^Crear Pasajes? —/ }).click();
  const venta = page.getByRole('dialog', { name: 'Venta registrada' });
  await expect(venta).toContainText('Se creó 1 pasaje por $ 4.500,00.');
  await expect(venta.getByRole('button', { name: 'Anular esta venta' })).toBeVisible();
  await venta.getByRole('button', { name: 'Ver Códigos de Validación' }).click();
  const codigos = page.getByRole('dialog', { name: 'Códigos de Validación' });
  const numero = (await codigos.getByRole('listitem').locator('p').first().textContent())?.trim() ?? '';
  expect(numero).not.toBe('');
  await codigos.getByRole('button', { name: 'Listo' }).click();
  return numero;
}

/** Goes to the ticket list and searches `texto` with the `/` shortcut. */
async function buscar(page: Page, texto: string) {
  await menu(page).getByRole('link', { name: 'Listado de Pasajes' }).click();
  await expect(page.getByRole('heading', { name: 'Listado de Pasajes' })).toBeVisible();
  await page.keyboard.press('/');
  await expect(page.getByLabel('Buscar')).toBeFocused();
  await page.keyboard.insertText(texto);
  await expect(page.getByText('Mostrando 1 a 1 de 1 resultados')).toBeVisible();
}

test('el admin busca un pasaje vendido, lo cancela y reactiva con la caja, lo exporta y lo imprime', async ({ page, context, request }) => {
  // A long flow on a shared machine: sale, two register checks, cancel, reactivate, export and print.
  test.setTimeout(240_000);
  // The print window's print() is recorded instead of opening the printer dialog.
  await context.addInitScript({ content: "window.print = () => document.documentElement.setAttribute('data-impreso', 'si');" });
  // An admin of its own: its register and its sales are this test's alone.
  const admin = await usuarioPropio(request, 'admin');
  await login(page, admin);
  const inicial = await abrirCaja(page);
  const numero = await venderUno(page, 'Rocío Listado');
  await esperarSaldo(page, inicial + 4500);

  // Encontrarlo por su número y ver el detalle.
  await buscar(page, numero);
  const fila = page.getByRole('row', { name: new RegExp(numero) });
  await expect(fila).toContainText('Rocío Listado');
  await expect(fila).toContainText('Activo');
  await expect(page.getByRole('group', { name: 'Total de Pasajes' })).toContainText('1');
  await expect(page.getByRole('group', { name: 'Total en Ventas' })).toContainText(/4\.500,00/);
  await shot(page, 'listado');
  await fila.getByRole('button', { name: 'Ver detalle' }).click();
  const detalle = page.getByRole('dialog', { name: 'Detalle del Pasaje' });
  await expect(detalle).toContainText('Rocío Listado');
  await expect(detalle).toContainText('Tigre – Tres Bocas');
  await expect(detalle).toContainText(admin.nombre);
  await page.keyboard.press('Escape');

  // Cancelar: la caja devuelve el precio.
  await fila.getByRole('button', { name: 'Cancelar pasaje' }).click();
  const cancelar = page.getByRole('dialog', { name: 'Cancelar pasaje' });
  await expect(cancelar).toContainText('¿Estás seguro de que deseas cancelar este pasaje?');
  await cancelar.getByLabel('Motivo (opcional)').fill('El cliente no viaja');
  await cancelar.getByRole('button', { name: 'Sí, cancelar pasaje' }).click();
  await expect(page.getByText('Pasaje cancelado exitosamente')).toBeVisible();
  await expect(fila).toContainText('Cancelado');
  await expect(fila.getByRole('button', { name: 'Cancelar pasaje' })).toHaveCount(0);
  await esperarSaldo(page, inicial);
  await shot(page, 'caja-devolucion');

  // Reactivar: la caja vuelve a cobrarlo.
  await buscar(page, numero);
  await fila.getByRole('button', { name: 'Reactivar pasaje' }).click();
  await page.getByRole('dialog', { name: 'Reactivar pasaje' }).getByRole('button', { name: 'Sí, reactivar pasaje' }).click();
  await expect(page.getByText('Pasaje reactivado exitosamente')).toBeVisible();
  await expect(fila).toContainText('Activo');

  // Exportar y leer el archivo.
  const [descarga] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar' }).click()]);
  expect(descarga.suggestedFilename()).toMatch(/^pasajes_\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile(await descarga.path(), 'utf8');
  expect(csv.startsWith('\uFEFFID;Fecha Viaje;Cliente;Teléfono;Sección;Tipo Viaje;Precio;Medio de Pago;Estado;Vendedor;Fecha Venta\r\n')).toBe(true);
  expect(csv).toContain(`"${numero}";`);
  expect(csv).toMatch(/;"Rocío Listado";.*;4\.500,00;"Efectivo";"Activo";/);
  expect(csv).toMatch(/\r\n"Total sin cancelados";"";"";"";"";"";[\d.]+,\d{2};"";"";"";""\r\n$/);

  // Imprimir: la ventana muestra el pasaje y se imprime.
  const [ventana] = await Promise.all([page.waitForEvent('popup'), fila.getByRole('button', { name: 'Imprimir' }).click()]);
  await expect(ventana.getByText(`Pasaje ${numero}`)).toBeVisible();
  await expect(ventana.locator('html')).toHaveAttribute('data-impreso', 'si');
  await expect(ventana.getByText('DUPLICADO')).toHaveCount(0);
  await ventana.screenshot({ path: `${SCREENSHOTS_DIR}/pasajes-impresion.png` });
  await ventana.close();

  // Reimprimir: la segunda impresión dice DUPLICADO con su número.
  const [copia] = await Promise.all([page.waitForEvent('popup'), fila.getByRole('button', { name: 'Imprimir' }).click()]);
  await expect(copia.getByText(`Pasaje ${numero}`)).toBeVisible();
  await expect(copia.getByText('Duplicado 2')).toBeVisible();
  await copia.close();

  await esperarSaldo(page, inicial + 4500);
});

test('sin caja abierta el diálogo lo dice antes de cancelar; con la caja sin efectivo avisa, y la caja muestra cada movimiento con su sentido', async ({ page, request }) => {
  test.setTimeout(180_000);
  const admin = await usuarioPropio(request, 'admin');
  // A cash sale whose register is then closed: the admin has no open register.
  const { numero_pasaje: numero } = await venderPorApi(request, admin, 'Sin Caja');
  const cerrar = await request.post('/api/caja/cerrar', { headers: await authHeaders(request, admin), data: { monto_cierre: 4500 } });
  expect(cerrar.ok(), await cerrar.text()).toBeTruthy();

  await login(page, admin);
  await buscar(page, numero);
  const fila = page.getByRole('row', { name: new RegExp(numero) });
  await fila.getByRole('button', { name: 'Cancelar pasaje' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Cancelar pasaje' });
  const aviso = dialogo.getByRole('alert');
  await expect(aviso).toContainText('No tienes una caja abierta');
  await expect(aviso).toContainText('Debes abrir una caja para registrar la devolución.');
  await expect(dialogo.getByRole('button', { name: 'Sí, cancelar pasaje' })).toBeDisabled();
  await shot(page, 'cancelar-sin-caja');

  // Its way to the register: open it with no cash; the refund would leave the drawer below zero.
  await aviso.getByRole('link', { name: 'Ir a Gestión de Caja' }).click();
  await page.getByRole('button', { name: 'Abrir Caja' }).click();
  const abrir = page.getByRole('dialog', { name: 'Abrir Caja' });
  await abrir.getByLabel('Monto de apertura').fill('0');
  await abrir.getByRole('button', { name: 'Abrir Caja' }).click();
  await expect(saldo(page)).toContainText(pesos(0));
  await buscar(page, numero);
  await fila.getByRole('button', { name: 'Cancelar pasaje' }).click();
  await expect(dialogo).toContainText('El efectivo de tu caja no alcanza');
  await expect(dialogo).toContainText(/quedaría en -\$\s4\.500,00/);
  await dialogo.getByRole('button', { name: 'Sí, cancelar pasaje' }).click();
  await expect(page.getByText('Pasaje cancelado exitosamente')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Total de Pasajes' })).toContainText('0');
  await expect(page.getByRole('group', { name: 'Cancelados' })).toContainText(/1\$\s4\.500,00 devueltos/);

  // Reactivated: its charge is income, in the table as in the cards.
  await fila.getByRole('button', { name: 'Reactivar pasaje' }).click();
  await page.getByRole('dialog', { name: 'Reactivar pasaje' }).getByRole('button', { name: 'Sí, reactivar pasaje' }).click();
  await expect(page.getByText('Pasaje reactivado exitosamente')).toBeVisible();
  await menu(page).getByRole('link', { name: 'Gestión de Caja' }).click();
  const movimientos = page.getByRole('table', { name: 'Movimientos del Día' });
  const cobro = movimientos.getByRole('row', { name: /Cobro por reactivación del pasaje/ });
  await expect(cobro).toContainText('Ingreso');
  await expect(cobro).toContainText(/\+\$\s4\.500,00/);
  const devolucion = movimientos.getByRole('row', { name: /Devolución del pasaje/ });
  await expect(devolucion).toContainText('Egreso');
  await expect(devolucion).toContainText(/-\$\s4\.500,00/);
  await expect(page.getByRole('group', { name: 'Ingresos' })).toContainText(pesos(4500));
  await expect(page.getByRole('group', { name: 'Egresos' })).toContainText(pesos(4500));
  await expect(saldo(page)).toContainText(pesos(0));
  await shot(page, 'caja-sentidos');
});

test('sin pasajes que coincidan, el listado lo dice y no exporta', async ({ page }) => {
  await login(page, 'admin');
  await page.goto('/admin/pasajes');
  await expect(page).toHaveURL(/\/admin\/listado-pasajes$/);
  await page.getByLabel('Buscar').fill('nadie-se-llama-asi');
  await expect(page.getByText('No hay pasajes para mostrar')).toBeVisible();
  const exportar = page.getByRole('button', { name: 'Exportar' });
  await expect(exportar).toBeDisabled();
  await expect(exportar).toHaveAccessibleDescription('No hay datos para exportar');
  await expect(page.getByText('No hay datos para exportar')).toBeVisible();
});

test('un vendedor anula su propia venta recién hecha y la caja vuelve a su saldo', async ({ page, request }) => {
  test.setTimeout(180_000);
  await login(page, await usuarioPropio(request, 'vendedor'));
  const inicial = await abrirCaja(page);
  await menu(page).getByRole('link', { name: 'Venta Rápida de Pasajes' }).click();
  await page.getByRole('button', { name: /Tigre – Tres Bocas/ }).click();
  await expect(page.getByLabel('Cantidad General')).toBeFocused();
  await page.keyboard.type('1');
  await page.getByRole('button', { name: /^Crear Pasajes? —/ }).click();
  const venta = page.getByRole('dialog', { name: 'Venta registrada' });
  await expect(venta).toContainText('Se creó 1 pasaje por $ 4.500,00.');
  await venta.getByRole('button', { name: 'Anular esta venta' }).click();
  await page.getByRole('dialog', { name: 'Anular esta venta' }).getByRole('button', { name: 'Sí, anular la venta' }).click();
  await expect(page.getByText('Venta anulada: 1 pasaje cancelado y $ 4.500,00 devueltos en la caja')).toBeVisible();
  await esperarSaldo(page, inicial);
});
