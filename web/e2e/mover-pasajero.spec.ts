import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { SCREENSHOTS_DIR } from '../playwright.config';
import { authHeaders, embarcacionPorApi, seccionPorNombre, login, usuarioPropio, venderPorApi, violaciones } from './helpers';

const SECCION = 'Tigre – Tres Bocas';
const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENSHOTS_DIR}/mover-pasajero-${name}.png` });

/** Opens an extra departure of today at 23:MM (a minute not taken yet) on `embarcacionId`; its id and time. */
async function salidaDeHoy(request: APIRequestContext, headers: Record<string, string>, seccionId: number, embarcacionId: number) {
  const fecha = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Argentina/Buenos_Aires' }).format(new Date());
  for (let intento = 0; intento < 10; intento++) {
    const hora = `23:${String(Math.floor(Math.random() * 60)).padStart(2, '0')}`;
    const r = await request.post('/api/salidas', { headers, data: { seccion_id: seccionId, embarcacion_id: embarcacionId, fecha, hora } });
    if (r.status() === 201) return { id: (await r.json()).data.id as number, hora };
    expect(r.status(), await r.text()).toBe(409); // that minute's departure exists: another one
  }
  throw new Error('no se pudo abrir una salida extra');
}

// Today's departures show on every crew member's validator (its default departure): no other test may board
// meanwhile (@empresa).
test('un supervisor mueve a un pasajero embarcado a otra salida desde el manifiesto, y los dos conteos cambian', { tag: '@empresa' }, async ({ page, request }) => {
  test.setTimeout(120_000);
  const [supervisor, vendedor] = await Promise.all([usuarioPropio(request, 'supervisor'), usuarioPropio(request, 'vendedor')]);
  const admin = await authHeaders(request, 'admin');
  const sufijo = Date.now().toString(36).toUpperCase();
  const barcoId = await embarcacionPorApi(request, admin, `Traslado ${sufijo}`, `TRA-${sufijo}`, 40);
  const seccion = await seccionPorNombre(request, admin, SECCION);
  const origen = await salidaDeHoy(request, admin, seccion.id, barcoId);
  let destino = await salidaDeHoy(request, admin, seccion.id, barcoId);
  while (destino.hora === origen.hora) destino = await salidaDeHoy(request, admin, seccion.id, barcoId);

  // A passenger boards the first departure (the crew's scan).
  const pasajero = `Traslado ${sufijo}`;
  const pasaje = await venderPorApi(request, vendedor, pasajero);
  const scan = await request.post('/api/pasajes/validar-qr', { headers: await authHeaders(request, 'lancha'),
    data: { codigo_qr: pasaje.codigo_qr, salida_id: origen.id } });
  expect(scan.status(), await scan.text()).toBe(200);

  await login(page, supervisor);
  await page.goto(`/admin/manifiestos?salida=${origen.id}`);
  const panel = page.getByRole('region', { name: `Manifiesto: ${origen.hora} ${SECCION}` });
  await expect(panel).toContainText(pasaje.numero_pasaje);
  await panel.getByRole('button', { name: `Mover ${pasajero} a otra salida` }).click();
  const dialog = page.getByRole('dialog', { name: 'Mover pasajero' });
  await dialog.getByRole('radio', { name: new RegExp(`${destino.hora} · Traslado ${sufijo} · 0 / 40`) }).check();
  await expect(dialog).toContainText('40 lugares libres');
  expect(await violaciones(page)).toEqual([]);
  await shot(page, 'dialogo');
  await dialog.getByRole('button', { name: 'Mover pasajero' }).click();
  await expect(page.getByText(`a la salida de las ${destino.hora}`).first()).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(panel).toContainText('Sin pasajeros a bordo');

  // Both counts: the first departure freed the seat, the second holds it.
  await page.goto('/admin/manifiestos');
  const filaDe = (hora: string) => page.getByRole('row').filter({ hasText: hora }).filter({ hasText: `Traslado ${sufijo}` });
  await expect(filaDe(origen.hora)).toContainText('0 / 40');
  await expect(filaDe(destino.hora)).toContainText('1 / 40');
  await shot(page, 'conteos');

  // The departures close, so other tests' validators do not board into them.
  const sup = await authHeaders(request, supervisor);
  for (const [id, estado] of [[origen.id, 'cancelada'], [destino.id, 'zarpo']] as const) {
    const r = await request.put(`/api/salidas/${id}/estado`, { headers: sup, data: { estado, confirmar_anticipado: true } });
    expect(r.status(), await r.text()).toBe(200);
  }
});
