import { expect, test } from '@playwright/test';
import { apiGet, authHeaders, login, usuarioPropio, venderPorApi, violaciones } from './helpers';

interface Estado {
  cajaAbierta: boolean;
  caja: { id: number; monto_apertura: number; efectivo_esperado: number; usuario_nombre: string } | null;
}

test('a shift handover on one screen: the outgoing seller counts, the incoming one signs in and the screen goes on with their register', async ({ page, request }) => {
  const saliente = await usuarioPropio(request, 'vendedor');
  const entrante = await usuarioPropio(request, 'vendedor');
  // One cash sale in the outgoing register (opened with $ 0): the drawer holds its price.
  await venderPorApi(request, saliente, 'Cliente del relevo');
  const antes = await apiGet<Estado>(request, '/api/caja/estado', await authHeaders(request, saliente));
  const efectivo = antes.caja!.efectivo_esperado;
  expect(efectivo).toBeGreaterThan(0);
  const pesos = new Intl.NumberFormat('es-AR', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(efectivo);

  await login(page, saliente);
  await page.goto('/admin/gestion-caja');
  await page.getByRole('button', { name: 'Relevo de turno' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Relevo de turno' });
  await expect(dialogo.getByLabel('Efectivo contado')).toBeFocused();
  await page.keyboard.type(String(efectivo));
  await dialogo.getByLabel('Usuario del vendedor entrante').fill(entrante.usuario);
  await dialogo.getByLabel('Contraseña del vendedor entrante').fill('Equivocada#1');
  expect(await violaciones(page, '[role="dialog"]')).toEqual([]);
  await dialogo.getByLabel('Contraseña del vendedor entrante').press('Enter');
  // A wrong password keeps the outgoing seller signed in, in the dialog, with the password to type again.
  const clave = dialogo.getByLabel('Contraseña del vendedor entrante');
  await expect(clave).toBeFocused();
  await expect(dialogo).toContainText('Usuario o contraseña del vendedor entrante incorrectos');
  await clave.fill(entrante.password);
  await clave.press('Enter');

  await expect(page.getByText(`Relevo de turno realizado: caja abierta para ${entrante.nombre} con $ ${pesos}`)).toBeVisible();
  await expect(dialogo).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'Monto Apertura' })).toContainText(`$ ${pesos}`);
  type ConAlmacen = { localStorage: { getItem(clave: string): string | null } };
  const usuario = await page.evaluate(() => (JSON.parse((globalThis as unknown as ConAlmacen).localStorage.getItem('usuario') ?? '{}') as {
    nombre_usuario?: string;
  }).nombre_usuario);
  expect(usuario).toBe(entrante.usuario);
  expect(await violaciones(page)).toEqual([]);

  // On the server: the incoming register is open with the drawer, the outgoing one closed with what was counted.
  const nueva = await apiGet<Estado>(request, '/api/caja/estado', await authHeaders(request, entrante));
  expect(nueva.caja).toMatchObject({ monto_apertura: efectivo, usuario_nombre: entrante.nombre });
  const cerrada = await apiGet<Estado>(request, '/api/caja/estado', await authHeaders(request, saliente));
  expect(cerrada.cajaAbierta).toBe(false);
  const historial = await apiGet<{ cajas: { id: number; monto_cierre: number; diferencia: number }[] }>(
    request, '/api/caja/historial', await authHeaders(request, saliente));
  expect(historial.cajas[0]).toMatchObject({ id: antes.caja!.id, monto_cierre: efectivo, diferencia: 0 });
});
