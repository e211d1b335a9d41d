import { expect, test, type Page } from '@playwright/test';
import { SCREENSHOTS_DIR } from '../playwright.config';
import { authHeaders, embarcacionPorApi, seccionPorNombre, login, usuarioPropio, venderPorApi, violaciones } from './helpers';

const SECCION = 'Tigre – Tres Bocas';
const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENSHOTS_DIR}/manifiesto-${name}.png` });

/** Today in Buenos Aires (YYYY-MM-DD) and a time of its own later today (HH:MM, 23:MM so it has not passed). */
function salidaDeHoy(): { fecha: string; hora: string } {
  const fecha = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Argentina/Buenos_Aires' }).format(new Date());
  return { fecha, hora: `23:${String(Math.floor(Math.random() * 60)).padStart(2, '0')}` };
}

// Today's departures show on every crew member's validator (its default departure): no other test may board
// meanwhile (@empresa).
test('un supervisor ve la carga de las salidas, abre el manifiesto de una que zarpó, lo corrige, lo descarga e imprime', { tag: '@empresa' }, async ({ page, request }) => {
  test.setTimeout(120_000);
  const [supervisor, vendedor] = await Promise.all([usuarioPropio(request, 'supervisor'), usuarioPropio(request, 'vendedor')]);
  const admin = await authHeaders(request, 'admin');
  const sufijo = Date.now().toString(36).toUpperCase();

  // A boat and an extra departure of today, sailed (through the API); a ticket sold for today.
  const barcoId = await embarcacionPorApi(request, admin, `Manifiesto ${sufijo}`, `MAN-${sufijo}`, 60);
  const seccion = await seccionPorNombre(request, admin, SECCION);
  let salidaId = 0;
  let hora = '';
  for (let intento = 0; intento < 5 && salidaId === 0; intento++) {
    const d = salidaDeHoy();
    const r = await request.post('/api/salidas', { headers: admin, data: {
      seccion_id: seccion.id, embarcacion_id: barcoId, fecha: d.fecha, hora: d.hora } });
    if (r.status() === 201) {
      salidaId = (await r.json()).data.id;
      hora = d.hora;
    } else expect(r.status(), await r.text()).toBe(409); // that minute's departure exists: another one
  }
  expect(salidaId).toBeGreaterThan(0);
  const pasaje = await venderPorApi(request, vendedor, `Pasajero ${sufijo}`);
  const sup = await authHeaders(request, supervisor);
  for (const estado of ['embarcando', 'zarpo']) {
    const r = await request.put(`/api/salidas/${salidaId}/estado`, { headers: sup, data: { estado, confirmar_anticipado: true } });
    expect(r.status(), await r.text()).toBe(200);
  }

  await login(page, supervisor);
  await page.goto('/admin/manifiestos');
  await expect(page.getByRole('heading', { name: 'Manifiestos' })).toBeVisible();
  const fila = page.getByRole('row').filter({ hasText: hora }).filter({ hasText: `Manifiesto ${sufijo}` });
  await expect(fila).toContainText('0 / 60');
  await expect(fila).toContainText('Zarpó');
  expect(await violaciones(page)).toEqual([]);

  await fila.getByRole('button', { name: `Ver manifiesto: ${hora} ${SECCION}` }).click();
  const panel = page.getByRole('region', { name: `Manifiesto: ${hora} ${SECCION}` });
  await expect(panel).toContainText('Congelado al zarpe');
  await expect(panel).toContainText(`MAN-${sufijo}`);
  await expect(panel).toContainText('Sin pasajeros a bordo');

  // The ticket boarded without a scan: a correction with its reason, shown as such.
  await panel.getByRole('button', { name: 'Corregir' }).click();
  const dialog = page.getByRole('dialog', { name: 'Corregir manifiesto' });
  await dialog.getByLabel('N° de pasaje').fill(pasaje.numero_pasaje);
  await dialog.getByLabel('Motivo').fill('Embarcó sin escanear');
  await dialog.getByRole('button', { name: 'Registrar corrección' }).click();
  await expect(page.getByText('Corrección del manifiesto registrada')).toBeVisible();
  const pasajeros = panel.getByRole('table', { name: 'Pasajeros de la salida' });
  await expect(pasajeros.getByRole('row').filter({ hasText: pasaje.numero_pasaje })).toContainText('Corrección');
  await expect(pasajeros).toContainText(`Pasajero ${sufijo}`);
  await shot(page, 'corregido');
  expect(await violaciones(page)).toEqual([]);

  const [csv] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: 'Descargar CSV' }).click()]);
  expect(csv.suggestedFilename()).toMatch(new RegExp(`^manifiesto-.*-salida-${salidaId}\\.csv$`));
  const [ventana] = await Promise.all([page.waitForEvent('popup'), panel.getByRole('button', { name: 'Imprimir' }).click()]);
  await expect.poll(() => ventana.url()).toMatch(/^blob:/);

  // The PDF itself: A4 (landscape), with the passenger.
  const pdf = await request.get(`/api/salidas/${salidaId}/manifiesto/exportar?formato=pdf`, { headers: sup });
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).toString('latin1')).toContain('/MediaBox [0 0 841.89 595.28]');
});

/** Tomorrow in Buenos Aires (YYYY-MM-DD): a departure of its own that no validator boards today. */
function manana(): string {
  const d = new Date(Date.now() + 24 * 3600_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Argentina/Buenos_Aires' }).format(d);
}

test('un supervisor nombra con el teclado la tripulación de una salida y descarga su rol de pasajeros', async ({ page, request }) => {
  const [supervisor, patron] = await Promise.all([usuarioPropio(request, 'supervisor'), usuarioPropio(request, 'lancha')]);
  const admin = await authHeaders(request, 'admin');
  const sufijo = Date.now().toString(36).toUpperCase();
  const barcoId = await embarcacionPorApi(request, admin, `Rol ${sufijo}`, `ROL-${sufijo}`, 40);
  const seccion = await seccionPorNombre(request, admin, SECCION);
  let salidaId = 0;
  let hora = '';
  for (let intento = 0; intento < 5 && salidaId === 0; intento++) {
    hora = `${String(10 + Math.floor(Math.random() * 12)).padStart(2, '0')}:${String(Math.floor(Math.random() * 60)).padStart(2, '0')}`;
    const r = await request.post('/api/salidas', { headers: admin, data: { seccion_id: seccion.id, embarcacion_id: barcoId, fecha: manana(), hora } });
    if (r.status() === 201) salidaId = (await r.json()).data.id;
    else expect(r.status(), await r.text()).toBe(409);
  }
  expect(salidaId).toBeGreaterThan(0);

  await login(page, supervisor);
  await page.goto(`/admin/manifiestos?salida=${salidaId}`);
  const panel = page.getByRole('region', { name: `Manifiesto: ${hora} ${SECCION}` });
  await expect(panel).toContainText('Sin designar');
  await panel.getByRole('button', { name: 'Tripulación' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tripulación de la salida' });
  // The keyboard alone: the patrón is a user of the company, found by typing; a marinero typed by name.
  const primero = dialog.getByRole('group', { name: 'Tripulante 1' });
  await expect(primero.getByRole('combobox', { name: 'Usuario' })).toBeFocused();
  await page.keyboard.type(patron.usuario);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(primero.getByRole('combobox', { name: 'Usuario' })).toHaveValue(new RegExp(patron.usuario));
  await dialog.getByRole('button', { name: 'Agregar tripulante' }).focus();
  await page.keyboard.press('Enter');
  const segundo = dialog.getByRole('group', { name: 'Tripulante 2' });
  await segundo.getByRole('textbox', { name: 'Nombre' }).focus();
  await page.keyboard.type('Juan Ribera');
  await shot(page, 'tripulacion');
  expect(await violaciones(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Guardar tripulación' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Tripulación guardada')).toBeVisible();
  await expect(panel).toContainText(`Patrón: ${patron.nombre}`);
  await expect(panel).toContainText('Marinero: Juan Ribera');
  expect(await violaciones(page)).toEqual([]);
  // At a phone's width the heading with the crew and the buttons fit; the passengers' table scrolls on its own.
  await page.setViewportSize({ width: 390, height: 844 });
  await panel.getByRole('button', { name: 'Tripulación' }).scrollIntoViewIfNeeded();
  await expect(panel.getByRole('button', { name: 'Tripulación' })).toBeInViewport();
  const anchos = await page.evaluate<{ pagina: number; ventana: number }>(
    '({ pagina: document.scrollingElement.scrollWidth, ventana: window.innerWidth })');
  expect(anchos.pagina).toBeLessThanOrEqual(anchos.ventana);
  await shot(page, 'tripulacion-telefono');
  expect(await violaciones(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 720 });

  const [xlsx] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: 'Descargar XLSX' }).click()]);
  expect(xlsx.suggestedFilename()).toMatch(new RegExp(`^manifiesto-.*-salida-${salidaId}\\.xlsx$`));
  const pdf = await request.get(`/api/salidas/${salidaId}/manifiesto/exportar?formato=pdf`, { headers: await authHeaders(request, supervisor) });
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
});
