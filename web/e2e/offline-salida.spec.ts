import { expect, test, type Page } from '@playwright/test';
import { SCREENSHOTS_DIR } from '../playwright.config';
import { apiGet, authHeaders, embarcacionPorApi, seccionPorNombre, usuarioPropio, violaciones, type Pasaje } from './helpers';
import { abrirValidadorEnTelefono, registros, resultado, type AccionEnCola } from './offline';

// Works offline: the service worker the other specs go without (playwright.config.ts) is needed here.
test.use({ serviceWorkers: 'allow' });

/**
 * A section no other spec sells on nor opens departures on: this spec's 2-seat departure of today makes
 * the day's seats of the section small (docs/features/sobreventa.md), which would refuse other
 * specs' sales there.
 */
const SECCION = 'Tigre – Río Capitán';
const CAPACIDAD = 2;
const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENSHOTS_DIR}/offline-salida-${name}.png`, fullPage: true });

/** Today in Buenos Aires, AAAA-MM-DD. */
const hoy = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Argentina/Buenos_Aires' }).format(new Date());

interface SalidaApi {
  id: number;
  seccion_id: number;
  hora: string;
  embarcados: number;
  capacidad: number;
}

// Today's departures show on every crew member's validator (its default departure): no other test may board
// meanwhile (@empresa).
test('sin conexión la tripulación embarca en su salida de 2 lugares: el teléfono cuenta, rechaza el tercero y al volver la salida queda 2/2', { tag: '@empresa' }, async ({ page, context, request }) => {
  test.setTimeout(180_000);
  const [supervisor, vendedor] = await Promise.all([usuarioPropio(request, 'supervisor'), usuarioPropio(request, 'vendedor')]);
  const admin = await authHeaders(request, 'admin');
  const sup = await authHeaders(request, supervisor);
  const sufijo = Date.now().toString(36).toUpperCase();
  const barco = `Canoa ${sufijo}`;
  const fecha = hoy();

  // A 2-seat boat and three tickets of today for the section (the supervisor's confirmation goes along:
  // an earlier run's departure may have left the day's seats short).
  const embarcacionId = await embarcacionPorApi(request, admin, barco, `CAN-${sufijo}`, CAPACIDAD);
  const seccion = await seccionPorNombre(request, admin, SECCION);
  const ventas = await authHeaders(request, vendedor);
  const abrir = await request.post('/api/caja/abrir', { headers: ventas, data: { monto_apertura: 0 } });
  expect(abrir.status(), await abrir.text()).toBe(201);
  const [tipo] = await apiGet<{ id: number }[]>(request, '/api/config/tipos-viaje?activos=true', ventas);
  const [medio] = await apiGet<{ id: number }[]>(request, '/api/config/medios-pago?activos=true', ventas);
  const pasajes: Pasaje[] = [];
  for (const cliente of ['Elsa Fernández', 'Fabio Giménez', 'Gala Herrera']) {
    const lote = await request.post('/api/pasajes/lote', { headers: ventas, data: {
      seccion_id: seccion.id, fecha_viaje: fecha, medio_pago_id: medio.id, cliente_nombre: `${cliente} ${sufijo}`,
      lineas: [{ tipo_viaje_id: tipo.id, cantidad: 1 }],
      sobreventa: { nombre_usuario: supervisor.usuario, password: supervisor.password } } });
    expect(lote.status(), await lote.text()).toBe(201);
    pasajes.push((await lote.json()).data.pasajes[0] as Pasaje);
  }
  const [primero, segundo, tercero] = pasajes;

  // An extra departure of today with the boat, at a minute of its own late today.
  const delDia = () => apiGet<SalidaApi[]>(request, `/api/salidas?fecha=${fecha}`, sup);
  const ocupadas = new Set((await delDia()).filter((s) => s.seccion_id === seccion.id).map((s) => s.hora));
  const hora = Array.from({ length: 50 }, (_, i) => `23:${String(i + 10)}`).filter((h) => !ocupadas.has(h))
    .sort(() => Math.random() - 0.5)[0];
  expect(hora).toBeDefined();
  const abierta = await request.post('/api/salidas', { headers: sup, data: {
    seccion_id: seccion.id, embarcacion_id: embarcacionId, fecha, hora } });
  expect(abierta.status(), await abierta.text()).toBe(201);
  const salida = (await delDia()).find((s) => s.seccion_id === seccion.id && s.hora === hora)!;
  expect(salida).toMatchObject({ embarcados: 0, capacidad: CAPACIDAD });

  // The crew's registered phone opens the validator online and picks the departure: the tickets and
  // today's departures are kept on it.
  await abrirValidadorEnTelefono(page, request, tercero.numero_pasaje, 'manual');
  const eleccion = page.getByRole('region', { name: 'Salida que embarca' });
  const nombre = `${hora} · ${SECCION} · Ida`;
  await eleccion.getByRole('radio', { name: nombre }).check();
  await expect(eleccion).toContainText(`A bordo: 0 / ${CAPACIDAD}`);
  await expect.poll(async () => {
    const guardadas = (await registros<{ clave: string; valor: { salidas: SalidaApi[] } }>(page, 'config')).find((e) => e.clave === `salidas:${fecha}`);
    return guardadas?.valor.salidas.some((s) => s.id === salida.id) ?? false;
  }).toBe(true);

  // The link drops: the validator keeps its departure and counts on the phone.
  await context.setOffline(true);
  await expect(page.getByRole('status', { name: 'Modo sin conexión' })).toBeVisible();
  await expect(eleccion.getByRole('radio', { name: nombre })).toBeChecked();
  const codigo = page.getByLabel('Código del pasaje');
  for (const [i, pasaje] of [primero, segundo].entries()) {
    await codigo.fill(pasaje.codigo_qr);
    await codigo.press('Enter');
    await expect(resultado(page)).toContainText(new RegExp(`Embarque registrado sin conexión[\\s\\S]*${pasaje.numero_pasaje}`));
    await expect(eleccion).toContainText(`A bordo: ${i + 1} / ${CAPACIDAD}`);
  }

  // The boat is full on the phone's count: the third passenger is refused here, nothing queued for it.
  await codigo.fill(tercero.codigo_qr);
  await codigo.press('Enter');
  await expect(resultado(page)).toContainText(`Embarcación completa: capacidad habilitada ${CAPACIDAD} pasajeros`);
  await shot(page, 'completa');
  expect(await violaciones(page)).toEqual([]);
  const cola = await registros<AccionEnCola & { datos: { salida_id?: number; tramo?: string }; orden: number }>(page, 'offline');
  // the store reads by client id: the queue's order is `orden`
  expect(cola.sort((a, b) => a.orden - b.orden).map((a) => a.datos)).toEqual([
    { codigo: primero.codigo_qr, salida_id: salida.id, tramo: 'ida' },
    { codigo: segundo.codigo_qr, salida_id: salida.id, tramo: 'ida' },
  ]);

  // Its manifest on the phone lists the two boardings not synced yet.
  await eleccion.getByRole('button', { name: 'Manifiesto' }).click();
  const cajon = page.getByRole('dialog', { name: `Manifiesto: salida de las ${hora}` });
  const filas = cajon.getByRole('table', { name: 'Pasajeros de la salida' }).getByRole('row');
  for (const pasaje of [primero, segundo]) {
    await expect(filas.filter({ hasText: pasaje.numero_pasaje })).toContainText('Sin sincronizar');
  }
  await expect(cajon).toContainText(`Pasajeros: 2 / ${CAPACIDAD}`);
  await shot(page, 'manifiesto');
  expect(await violaciones(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(cajon).toHaveCount(0);

  // The link returns: the acts reach the server into the departure, which shows 2/2 on the server and here.
  await context.setOffline(false);
  await expect.poll(async () => registros<AccionEnCola>(page, 'offline'), { timeout: 30_000 }).toEqual([]);
  await expect.poll(async () => (await delDia()).find((s) => s.id === salida.id)?.embarcados, { timeout: 30_000 }).toBe(CAPACIDAD);
  await expect(eleccion).toContainText(`A bordo: ${CAPACIDAD} / ${CAPACIDAD}`);
  const estado = async (id: number) => (await apiGet<{ estado: string }>(request, `/api/pasajes/${id}`, sup)).estado;
  expect(await estado(primero.id)).toBe('usado');
  expect(await estado(tercero.id)).toBe('activo');

  // The departure is closed (it would otherwise stay the validator's default of other phones).
  const cerrada = await request.put(`/api/salidas/${salida.id}/estado`, { headers: sup, data: { estado: 'cancelada' } });
  expect(cerrada.status(), await cerrada.text()).toBe(200);
});
