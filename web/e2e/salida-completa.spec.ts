import { expect, test, type Page } from '@playwright/test';
import { SCREENSHOTS_DIR } from '../playwright.config';
import { apiGet, authHeaders, embarcacionPorApi, seccionPorNombre, login, usuarioPropio, violaciones, type Pasaje } from './helpers';

/**
 * A section no other spec sells on nor opens departures on: this spec's 3-seat outbound departure of
 * today makes the day's seats of the section 3 (docs/features/sobreventa.md), which would
 * refuse other specs' sales there.
 */
const SECCION = 'Tigre – Río San Antonio';
const CAPACIDAD = 3;
const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENSHOTS_DIR}/salida-completa-${name}.png`, fullPage: true });

/** Today in Buenos Aires: AAAA-MM-DD and dd/mm/aaaa. */
function hoy(): { iso: string; ar: string } {
  const iso = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Argentina/Buenos_Aires' }).format(new Date());
  const [a, m, d] = iso.split('-');
  return { iso, ar: `${d}/${m}/${a}` };
}

/** The validator's result box. */
const resultado = (page: Page) => page.getByRole('status', { name: 'Resultado de la validación' });

// Today's departures show on every crew member's validator (its default departure): no other test may board
// meanwhile (@empresa).
test('la tripulación llena una salida de 3 lugares, el cuarto pasajero se rechaza y el supervisor ve el manifiesto', { tag: '@empresa' }, async ({ page, request }) => {
  test.setTimeout(180_000);
  const [supervisor, vendedor, tripulante] = await Promise.all([
    usuarioPropio(request, 'supervisor'), usuarioPropio(request, 'vendedor'), usuarioPropio(request, 'lancha')]);
  const admin = await authHeaders(request, 'admin');
  const sup = await authHeaders(request, supervisor);
  const sufijo = Date.now().toString(36).toUpperCase();
  const barco = `Chalana ${sufijo}`;
  const fecha = hoy();

  // The small boat (through the API, as the admin: salidas.spec creates one through the screen).
  await embarcacionPorApi(request, admin, barco, `CHA-${sufijo}`, CAPACIDAD);
  const seccion = await seccionPorNombre(request, admin, SECCION);

  // Four tickets of today for the section. An earlier run's departure may have left the day's seats at
  // 3 already: the supervisor's confirmation goes along (a sale that fits ignores it).
  const ventas = await authHeaders(request, vendedor);
  const abrir = await request.post('/api/caja/abrir', { headers: ventas, data: { monto_apertura: 0 } });
  expect(abrir.status(), await abrir.text()).toBe(201);
  const [tipo] = await apiGet<{ id: number }[]>(request, '/api/config/tipos-viaje?activos=true', ventas);
  const [medio] = await apiGet<{ id: number }[]>(request, '/api/config/medios-pago?activos=true', ventas);
  const pasajes: Pasaje[] = [];
  for (const cliente of ['Ana Benítez', 'Bruno Cáceres', 'Carla Domínguez', 'Darío Escobar']) {
    const lote = await request.post('/api/pasajes/lote', { headers: ventas, data: {
      seccion_id: seccion.id, fecha_viaje: fecha.iso, medio_pago_id: medio.id, cliente_nombre: `${cliente} ${sufijo}`,
      lineas: [{ tipo_viaje_id: tipo.id, cantidad: 1 }],
      sobreventa: { nombre_usuario: supervisor.usuario, password: supervisor.password } } });
    expect(lote.status(), await lote.text()).toBe(201);
    pasajes.push((await lote.json()).data.pasajes[0] as Pasaje);
  }
  const [primero, segundo, tercero, cuarto] = pasajes;

  // A minute of its own late today (no departure of the section at that time yet).
  const ocupadas = new Set((await apiGet<{ seccion_id: number; hora: string }[]>(request, `/api/salidas?fecha=${fecha.iso}`, sup))
    .filter((s) => s.seccion_id === seccion.id).map((s) => s.hora));
  const hora = Array.from({ length: 50 }, (_, i) => `23:${String(i + 10)}`).filter((h) => !ocupadas.has(h))
    .sort(() => Math.random() - 0.5)[0];
  expect(hora).toBeDefined();
  const nombre = `${hora} · ${SECCION} · Ida`;

  // The supervisor opens an extra departure of today with the boat.
  await login(page, supervisor);
  await page.goto('/admin/horarios-salidas');
  await expect(page.getByRole('heading', { name: 'Horarios y salidas' })).toBeVisible();
  await page.getByRole('button', { name: 'Salida extra' }).click();
  const extra = page.getByRole('dialog', { name: 'Salida extra' });
  await extra.getByRole('combobox', { name: 'Sección' }).click();
  await page.getByRole('option', { name: SECCION }).click();
  await extra.getByRole('combobox', { name: 'Embarcación' }).click();
  await page.getByRole('option', { name: `${barco} (CHA-${sufijo})` }).click();
  await expect(extra.getByLabel('Fecha')).toHaveValue(fecha.ar);
  await extra.getByLabel('Hora').fill(hora);
  await extra.getByRole('button', { name: 'Abrir salida' }).click();
  await expect(page.getByText('Salida extra creada')).toBeVisible();
  const fila = page.getByRole('table', { name: 'Salidas del día' }).getByRole('row').filter({ hasText: hora }).filter({ hasText: SECCION });
  await expect(fila).toContainText(`0 / ${CAPACIDAD}`);
  await expect(fila).toContainText('Programada');
  const salida = (await apiGet<{ id: number; seccion_id: number; hora: string }[]>(request, `/api/salidas?fecha=${fecha.iso}`, sup))
    .find((s) => s.seccion_id === seccion.id && s.hora === hora);
  expect(salida).toBeDefined();

  // The crew member picks that departure in the validator and boards until it is full.
  await page.context().clearCookies();
  await page.evaluate('localStorage.clear()');
  await login(page, tripulante);
  await page.goto('/admin/validador');
  await expect(page.getByRole('heading', { name: 'Validador de Embarque' })).toBeVisible();
  await page.getByText('Manual', { exact: true }).click();
  const eleccion = page.getByRole('region', { name: 'Salida que embarca' });
  await eleccion.getByRole('radio', { name: nombre }).check();
  await expect(eleccion.getByRole('radio', { name: nombre })).toBeChecked();
  await expect(eleccion).toContainText(barco);
  await expect(eleccion).toContainText(`A bordo: 0 / ${CAPACIDAD}`);
  expect(await violaciones(page)).toEqual([]);

  const codigo = page.getByLabel('Código del pasaje');
  for (const [i, pasaje] of [primero, segundo, tercero].entries()) {
    await codigo.fill(pasaje.numero_pasaje);
    await codigo.press('Enter');
    // A success clears itself after 3 s: one assertion checks it whole.
    await expect(resultado(page)).toContainText(new RegExp(`Embarque validado exitosamente[\\s\\S]*${pasaje.numero_pasaje}`));
    await expect(eleccion).toContainText(`A bordo: ${i + 1} / ${CAPACIDAD}`);
  }
  await expect(eleccion.getByRole('progressbar', { name: `Ocupación de la salida de las ${hora}: 100%` })).toBeVisible();

  // The boat is full: a fourth passenger is refused, its ticket unused.
  await codigo.fill(cuarto.numero_pasaje);
  await codigo.press('Enter');
  await expect(resultado(page)).toContainText(`Embarcación completa: capacidad habilitada ${CAPACIDAD} pasajeros`);
  await expect(eleccion).toContainText(`A bordo: ${CAPACIDAD} / ${CAPACIDAD}`);
  await shot(page, 'validador');
  expect(await violaciones(page)).toEqual([]);
  const estado = async (id: number) => (await apiGet<{ estado: string }>(request, `/api/pasajes/${id}`, sup)).estado;
  expect(await estado(cuarto.id)).toBe('activo');
  expect(await estado(tercero.id)).toBe('usado');

  // The departure sails (it would otherwise stay the validator's default of other phones).
  const zarpo = await request.put(`/api/salidas/${salida!.id}/estado`, { headers: sup, data: { estado: 'zarpo', confirmar_anticipado: true } });
  expect(zarpo.status(), await zarpo.text()).toBe(200);

  // The supervisor's manifest: the three boarded, not the fourth.
  await page.context().clearCookies();
  await page.evaluate('localStorage.clear()');
  await login(page, supervisor);
  await page.goto('/admin/manifiestos');
  await expect(page.getByRole('heading', { name: 'Manifiestos' })).toBeVisible();
  const enLista = page.getByRole('row').filter({ hasText: hora }).filter({ hasText: barco });
  await expect(enLista).toContainText(`${CAPACIDAD} / ${CAPACIDAD}`);
  await expect(enLista).toContainText('Zarpó');
  await enLista.getByRole('button', { name: `Ver manifiesto: ${hora} ${SECCION}` }).click();
  const panel = page.getByRole('region', { name: `Manifiesto: ${hora} ${SECCION}` });
  await expect(panel).toContainText('Congelado al zarpe');
  await expect(panel).toContainText(`CHA-${sufijo}`);
  const pasajeros = panel.getByRole('table', { name: 'Pasajeros de la salida' });
  for (const pasaje of [primero, segundo, tercero]) {
    await expect(pasajeros.getByRole('row').filter({ hasText: pasaje.numero_pasaje })).toContainText(tripulante.nombre);
  }
  await expect(pasajeros).toContainText(`Ana Benítez ${sufijo}`);
  await expect(pasajeros.getByRole('row').filter({ hasText: cuarto.numero_pasaje })).toHaveCount(0);
  await shot(page, 'manifiesto');
  expect(await violaciones(page)).toEqual([]);

  // 'Imprimir' opens the PDF; the PDF itself lists the boarded tickets.
  const [ventana] = await Promise.all([page.waitForEvent('popup'), panel.getByRole('button', { name: 'Imprimir' }).click()]);
  await expect.poll(() => ventana.url()).toMatch(/^blob:/);
  const pdf = await request.get(`/api/salidas/${salida!.id}/manifiesto/exportar?formato=pdf`, { headers: sup });
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
});
