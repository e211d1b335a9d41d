import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiGet, authHeaders, DEMO_PASSWORD, login, venderPorApi, type Usuario } from './helpers';

/** axe's critical and serious violations of the page as it is now (of the open dialog only, when `dialogo`:
 * the page behind the overlay is dimmed on purpose). */
async function violaciones(page: Page, dialogo = false): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  const { violations } = await (dialogo ? builder.include('[role="dialog"]') : builder).analyze();
  return violations.filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => `${v.id}: ${v.nodes[0].target.join(' ')}`);
}

/**
 * A cashier of the demo company whose role lacks caja.ver_esperado (a custom role made by the
 * super admin, granted by the admin): the test's own user, its temporary password changed.
 */
async function cajeroCiego(request: APIRequestContext): Promise<Usuario> {
  const sufijo = `${process.pid.toString(36)}${Date.now().toString(36)}`;
  const rol = `cajero_ciego_${sufijo}`;
  const creado = await request.post('/api/config/roles', {
    headers: await authHeaders(request, 'superadmin'),
    data: {
      nombre: rol, descripcion: 'Cierra la caja a ciegas', nivel_jerarquico: 4, color_badge: '#10B981', icono: '💼',
      permisos: {
        dashboard: { ver: true, tipo: 'vendedor' },
        pasajes: { ver: true, crear: true, imprimir: true },
        caja: { ver: true, abrir: true, cerrar: true, movimientos: true, ver_esperado: false },
      },
    },
  });
  expect(creado.status(), await creado.text()).toBe(201);
  const usuario = `cajero_${sufijo}`;
  const temporal = 'Sauce63#Delta';
  const alta = await request.post('/api/config/usuarios', {
    headers: await authHeaders(request, 'admin'),
    data: { nombre_usuario: usuario, email: `${usuario}@muelle.test`, nombre: 'Cajero', apellido: `Ciego ${sufijo}`, rol, password: temporal },
  });
  expect(alta.status(), await alta.text()).toBe(201);
  const password = 'Remo48#Ceibo';
  const cambio = await request.put('/api/usuarios/cambiar-contrasena', {
    headers: await authHeaders(request, { usuario, password: temporal, nombre: '' }),
    data: { clave_actual: temporal, clave_nueva: password },
  });
  expect(cambio.ok(), await cambio.text()).toBeTruthy();
  return { usuario, password, nombre: `Cajero Ciego ${sufijo}` };
}

test('a cashier closes blind counting by denomination, and a supervisor approves the difference', async ({ page, request }) => {
  const cajero = await cajeroCiego(request);
  // One cash sale in the cashier's register (opened with $ 0): its price is what the drawer should hold.
  const pasaje = await venderPorApi(request, cajero, 'Cliente del cierre ciego');
  const headers = await authHeaders(request, cajero);
  const estado = await apiGet<{ caja: Record<string, unknown> & { id: number } }>(request, '/api/caja/estado', headers);
  // The server never sends the expected figures to this role before the count.
  expect(estado.caja).not.toHaveProperty('efectivo_esperado');
  expect(estado.caja).not.toHaveProperty('monto_actual');
  expect(pasaje.id).toBeGreaterThan(0);

  await login(page, cajero);
  await page.goto('/admin/gestion-caja');
  await expect(page.getByRole('group', { name: 'Monto Apertura' })).toContainText('$ 0,00');
  await expect(page.getByRole('group', { name: 'Saldo Actual' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Cerrar Caja' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Cerrar Caja' });
  await expect(dialogo).not.toContainText(/esperado/i);
  // Counted short on purpose: one $ 1.000 bill, two $ 10 coins and three $ 2 coins.
  await dialogo.getByLabel('Billetes de $ 1.000').fill('1');
  await dialogo.getByLabel('Monedas de $ 10').fill('2');
  await dialogo.getByLabel('Monedas de $ 2').fill('3');
  await expect(dialogo).toContainText(/Efectivo contado\s*\$\s1\.026,00/);
  expect(await violaciones(page, true)).toEqual([]);
  await dialogo.getByRole('button', { name: 'Enviar conteo y cerrar' }).click();

  // Past the company's tolerance ($ 0 by default): the difference shows now, and the close waits.
  await expect(dialogo).toContainText('El cierre necesita la aprobación de un supervisor');
  await expect(dialogo).toContainText(/Efectivo contado\s*\$\s1\.026,00/);
  await expect(dialogo).toContainText(/Diferencia en efectivo\s*-\$/);
  expect(await violaciones(page, true)).toEqual([]);

  // The cashier's own credentials are refused; the supervisor's close it.
  await dialogo.getByLabel('Usuario del supervisor').fill(cajero.usuario);
  await dialogo.getByLabel('Contraseña del supervisor').fill(cajero.password);
  await dialogo.getByRole('button', { name: 'Aprobar cierre' }).click();
  await expect(page.getByRole('dialog', { name: 'Error al Cerrar Caja' })).toContainText('El cierre debe aprobarlo un supervisor distinto del cajero');
  await page.getByRole('dialog', { name: 'Error al Cerrar Caja' }).getByRole('button', { name: 'Aceptar' }).click();
  await dialogo.getByLabel('Usuario del supervisor').fill('supervisor');
  await dialogo.getByLabel('Contraseña del supervisor').fill(DEMO_PASSWORD);
  await dialogo.getByRole('button', { name: 'Aprobar cierre' }).click();
  const resumen = page.getByRole('dialog', { name: 'Caja cerrada' });
  await expect(resumen).toContainText('Caja cerrada exitosamente');
  await expect(resumen).toContainText(/Efectivo contado\s*\$\s1\.026,00/);

  const historial = await apiGet<{ cajas: { id: number; monto_cierre: number }[] }>(request, '/api/caja/historial', headers);
  expect(historial.cajas[0]).toMatchObject({ id: estado.caja.id, monto_cierre: 1026 });
});
