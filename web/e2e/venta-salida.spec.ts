import { expect, test, type Page } from '@playwright/test';
import { SCREENSHOTS_DIR } from '../playwright.config';
import { abrirCajaPorApi, apiGet, authHeaders, embarcacionPorApi, login, seccionPorNombre, usuarioPropio, violaciones } from './helpers';

const SECCION = 'Tigre – Paraná de las Palmas';
const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENSHOTS_DIR}/venta-salida-${name}.png` });

/**
 * A travel date of its own in Buenos Aires, AAAA-MM-DD and dd/mm/aaaa: within the selling horizon (365 days)
 * and past the days e2e/sobreventa.spec.ts draws on the same section.
 */
function fechaPropia(): { iso: string; ar: string } {
  const dias = 335 + Math.floor(Math.random() * 25);
  const iso = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Argentina/Buenos_Aires' }).format(new Date(Date.now() + dias * 86_400_000));
  const [a, m, d] = iso.split('-');
  return { iso, ar: `${d}/${m}/${a}` };
}

interface SalidaDisponible { id: number; hora: string; vendidos: number; quedan: number }

test('el vendedor elige la salida de las 12:00 con el teclado y la venta toma sus lugares', async ({ page, request }) => {
  test.setTimeout(120_000);
  const vendedor = await usuarioPropio(request, 'vendedor');
  const admin = await authHeaders(request, 'admin');
  const seccion = await seccionPorNombre(request, admin, SECCION);
  const fecha = fechaPropia();
  const sufijo = Date.now().toString(36).toUpperCase();
  const barco = await embarcacionPorApi(request, admin, `Lancha ${sufijo}`, `LAN-${sufijo}`, 4);
  for (const hora of ['10:30', '12:00']) {
    const salida = await request.post('/api/salidas', { headers: admin, data: { seccion_id: seccion.id, embarcacion_id: barco, fecha: fecha.iso, hora } });
    expect(salida.status(), await salida.text()).toBe(201);
  }
  await abrirCajaPorApi(request, vendedor);

  await login(page, vendedor);
  await page.goto('/admin/venta-pasajes');
  const viaje = page.getByLabel('Fecha de viaje');
  await viaje.fill(fecha.ar);
  await viaje.press('Tab');
  await page.getByRole('button', { name: new RegExp(SECCION) }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Cantidad General')).toBeFocused();
  await page.keyboard.type('2');

  // The day's departures: the first one chosen, each with its boat, stop and seats.
  const salidas = page.getByRole('radiogroup', { name: 'Salida' });
  const primera = salidas.getByRole('radio', { name: `10:30 · Lancha ${sufijo}` });
  await expect(primera).toBeChecked();
  await expect(salidas).toContainText('Quedan 4 lugares de 4 · embarca en Tigre');
  // Back to the departures with the keyboard, the 12:00 with an arrow, and on to the quantities.
  await page.keyboard.press('Shift+Tab');
  await expect(primera).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(salidas.getByRole('radio', { name: `12:00 · Lancha ${sufijo}` })).toBeChecked();
  await shot(page, 'elegida');
  expect(await violaciones(page)).toEqual([]);
  await page.keyboard.press('Control+Enter');
  await expect(page.getByRole('dialog', { name: 'Venta registrada' })).toBeVisible();
  await page.keyboard.press('Escape');

  // Mis Ventas: the ticket's detail says its departure.
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Mis Ventas' }).click();
  await page.getByRole('table', { name: 'Pasajes' }).getByRole('button', { name: 'Ver detalle' }).first().click();
  await expect(page.getByRole('dialog')).toContainText(`12:00 · Lancha ${sufijo} · embarca en Tigre`);
  await page.keyboard.press('Escape');

  const headers = await authHeaders(request, vendedor);
  const disponibilidad = await apiGet<{ salidas_del_dia: SalidaDisponible[] }>(request,
    `/api/pasajes/disponibilidad?seccion_id=${seccion.id}&fecha=${fecha.iso}`, headers);
  expect(disponibilidad.salidas_del_dia.map((s) => [s.hora, s.vendidos, s.quedan])).toEqual([['10:30', 0, 4], ['12:00', 2, 2]]);

  // The next sale starts on the first departure again; at a phone's width they still fit and pass axe.
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Venta Rápida de Pasajes' }).click();
  await page.setViewportSize({ width: 390, height: 844 });
  await viaje.fill(fecha.ar);
  await viaje.press('Tab');
  await page.getByRole('button', { name: new RegExp(SECCION) }).click();
  await expect(primera).toBeChecked();
  await expect(salidas.getByRole('radio', { name: `12:00 · Lancha ${sufijo}` })).toBeVisible();
  await expect(salidas).toContainText('Quedan 2 lugares de 4');
  await shot(page, 'telefono');
  expect(await violaciones(page)).toEqual([]);
});

test('el supervisor cancela una salida con pasajes vendidos y los pasa a otra salida del día', async ({ page, request }) => {
  test.setTimeout(120_000);
  const supervisor = await usuarioPropio(request, 'supervisor');
  const admin = await authHeaders(request, 'admin');
  const seccion = await seccionPorNombre(request, admin, SECCION);
  const fecha = fechaPropia();
  const sufijo = Date.now().toString(36).toUpperCase();
  const barco = await embarcacionPorApi(request, admin, `Lancha ${sufijo}`, `LAN-${sufijo}`, 10);
  const ids: number[] = [];
  for (const hora of ['08:15', '09:15']) {
    const salida = await request.post('/api/salidas', { headers: admin, data: { seccion_id: seccion.id, embarcacion_id: barco, fecha: fecha.iso, hora } });
    expect(salida.status(), await salida.text()).toBe(201);
    ids.push((await salida.json()).data.id);
  }
  // Three tickets for the 08:15, sold through the API by the supervisor.
  const headers = await authHeaders(request, supervisor);
  await abrirCajaPorApi(request, supervisor);
  const [tipo] = await apiGet<{ id: number }[]>(request, '/api/config/tipos-viaje?activos=true', headers);
  const [medio] = await apiGet<{ id: number }[]>(request, '/api/config/medios-pago?activos=true', headers);
  const venta = await request.post('/api/pasajes/lote', { headers, data: { seccion_id: seccion.id, fecha_viaje: fecha.iso,
    medio_pago_id: medio.id, salida_id: ids[0], lineas: [{ tipo_viaje_id: tipo.id, cantidad: 3 }] } });
  expect(venta.status(), await venta.text()).toBe(201);

  await login(page, supervisor);
  await page.goto('/admin/horarios-salidas');
  const dia = page.getByLabel('Fecha de las salidas');
  await dia.fill(fecha.ar);
  await dia.press('Tab');
  await page.getByRole('button', { name: `Cancelar salida: 08:15 ${SECCION}` }).click();
  const dialogo = page.getByRole('dialog', { name: 'Cancelar la salida de las 08:15' });
  await expect(dialogo).toContainText('3 pasajes vendidos');
  await dialogo.getByLabel('Motivo').fill('Sudestada');
  await dialogo.getByRole('radio', { name: `09:15 · Lancha ${sufijo}` }).check();
  await shot(page, 'cancelar');
  expect(await violaciones(page, '[role="dialog"]')).toEqual([]);
  await dialogo.getByRole('button', { name: 'Cancelar salida' }).click();
  await expect(page.getByText('Salida cancelada: 3 pasajes movidos a otra salida')).toBeVisible();
  await expect(dialogo).toBeHidden();

  const salidas = await apiGet<{ id: number; estado: string; vendidos: number }[]>(request, `/api/salidas?fecha=${fecha.iso}`, headers);
  expect(salidas.filter((s) => ids.includes(s.id)).map((s) => [s.estado, s.vendidos])).toEqual([['cancelada', 0], ['programada', 3]]);
});
