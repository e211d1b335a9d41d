import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { SCREENSHOTS_DIR } from '../playwright.config';
import { apiGet, authHeaders, embarcacionPorApi, seccionPorNombre, login, usuarioPropio, venderPorApi, violaciones } from './helpers';

const SECCION = 'Tigre – Paraná de las Palmas';
const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENSHOTS_DIR}/sobreventa-${name}.png` });

/** A travel date of its own, `dias` days ahead in Buenos Aires: AAAA-MM-DD and dd/mm/aaaa. */
function fechaEn(dias: number): { iso: string; ar: string } {
  const iso = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Argentina/Buenos_Aires' }).format(new Date(Date.now() + dias * 86_400_000));
  const [a, m, d] = iso.split('-');
  return { iso, ar: `${d}/${m}/${a}` };
}

test('un vendedor vende más allá de los lugares del día solo con la confirmación de un supervisor', async ({ page, request }) => {
  test.setTimeout(120_000);
  const [vendedor, supervisor] = await Promise.all([usuarioPropio(request, 'vendedor'), usuarioPropio(request, 'supervisor')]);
  const admin = await authHeaders(request, 'admin');
  const seccion = await seccionPorNombre(request, admin, SECCION);
  // A day of its own with one departure of a one-seat boat: the day has one seat.
  const fecha = fechaEn(30 + Math.floor(Math.random() * 300));
  const sufijo = Date.now().toString(36).toUpperCase();
  const barcoId = await embarcacionPorApi(request, admin, `Botecito ${sufijo}`, `BOT-${sufijo}`, 1);
  const salida = await request.post('/api/salidas', {
    headers: await authHeaders(request, supervisor),
    data: { seccion_id: seccion.id, embarcacion_id: barcoId, fecha: fecha.iso, hora: `10:${String(10 + Math.floor(Math.random() * 50))}` },
  });
  expect(salida.status(), await salida.text()).toBe(201);
  // The seat is sold (the seller's register opens with it).
  const headers = await authHeaders(request, vendedor);
  await venderPorApi(request, vendedor, 'Primera pasajera');
  const una = await request.post('/api/pasajes/lote', {
    headers,
    data: { seccion_id: seccion.id, fecha_viaje: fecha.iso, medio_pago_id: (await apiGet<{ id: number }[]>(request, '/api/config/medios-pago?activos=true', headers))[0].id,
      cliente_nombre: 'Último lugar', lineas: [{ tipo_viaje_id: (await apiGet<{ id: number }[]>(request, '/api/config/tipos-viaje?activos=true', headers))[0].id, cantidad: 1 }] },
  });
  expect(una.status(), await una.text()).toBe(201);

  await login(page, vendedor);
  await page.goto('/admin/venta-pasajes');
  const viaje = page.getByLabel('Fecha de viaje');
  await viaje.fill(fecha.ar);
  await viaje.press('Tab');
  await page.getByRole('button', { name: new RegExp(SECCION) }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'No quedan lugares (1 vendidos de 1)' })).toBeVisible();
  await page.getByLabel('Cantidad General').fill('1');
  await shot(page, 'sin-lugares');
  expect(await violaciones(page)).toEqual([]);
  await page.getByLabel('Cantidad General').press('Control+Enter');

  const dialogo = page.getByRole('dialog', { name: 'Venta sin lugares' });
  await expect(dialogo).toContainText('No quedan lugares para esa fecha y sección (quedan 0). Requiere confirmación de un supervisor.');
  await expect(dialogo.getByLabel('Usuario del supervisor')).toBeFocused();
  // The dialog itself (axe reads the screen behind its overlay as dimmed text).
  const enDialogo = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  expect(enDialogo.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious').map((v) => v.id)).toEqual([]);
  // The seller's own credentials are not a supervisor's.
  await page.keyboard.type(vendedor.usuario);
  await page.keyboard.press('Tab');
  await page.keyboard.type(vendedor.password);
  await page.keyboard.press('Enter');
  await expect(dialogo).toContainText('El usuario no puede confirmar ventas sin lugares: se requiere un supervisor');
  await shot(page, 'confirmacion');
  await dialogo.getByLabel('Usuario del supervisor').fill(supervisor.usuario);
  await dialogo.getByLabel('Contraseña del supervisor').fill(supervisor.password);
  await dialogo.getByLabel('Contraseña del supervisor').press('Enter');
  await expect(page.getByRole('dialog', { name: 'Venta registrada' })).toBeVisible();

  const cupo = await apiGet<{ capacidad: number; vendidos: number; quedan: number }>(request,
    `/api/pasajes/disponibilidad?seccion_id=${seccion.id}&fecha=${fecha.iso}`, headers);
  expect(cupo).toMatchObject({ capacidad: 1, vendidos: 2, quedan: -1 });
});
