import { generateKeyPairSync, randomUUID, sign, type KeyObject } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { SCREENSHOTS_DIR } from '../playwright.config';
import { authHeaders, login, type Usuario, usuarioPropio, venderPorApi, violaciones } from './helpers';

const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENSHOTS_DIR}/conflictos-${name}.png` });

/** What a device keeps of its registration (the fields this spec uses). */
interface Dispositivo {
  codigo: string;
  nombre: string;
  certificado: string;
  /** The phone's private key: it signs each sync batch. */
  clave: KeyObject;
}

/** Registers a staff device of `cuenta` as a phone would: its own Ed25519 pair, the public half sent as 32 raw bytes in base64url. */
async function registrarDispositivo(request: APIRequestContext, cuenta: Usuario, nombre: string): Promise<Dispositivo> {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const { x } = publicKey.export({ format: 'jwk' });
  const r = await request.post('/api/dispositivos', { headers: await authHeaders(request, cuenta), data: { nombre, clave_publica: x } });
  expect(r.status(), await r.text()).toBe(201);
  return { ...((await r.json()).data as Omit<Dispositivo, 'clave'>), clave: privateKey };
}

/**
 * Syncs one boarding of `codigo` scanned offline by `cuenta` on `dispositivo` at `escaneo` (the device's ms); answers
 * its result and the moment the server counts it at (the scan corrected by the clock offset it measured).
 */
async function embarcarSinConexion(request: APIRequestContext, cuenta: Usuario, dispositivo: Dispositivo, codigo: string, escaneo: number) {
  const reloj = Date.now();
  const accion = { id: randomUUID(), tipo: 'embarque', ocurrido_en: escaneo, embarque: { codigo } };
  // signed as lib/offline/sincronizador signs a batch: the clock and each act's id, kind and moment
  const firma = sign(null, Buffer.from(`MUELLESYNC1\n${reloj}\n${accion.id}|${accion.tipo}|${accion.ocurrido_en}\n`), dispositivo.clave);
  const r = await request.post('/api/sync', {
    headers: await authHeaders(request, cuenta),
    data: { certificado: dispositivo.certificado, reloj, acciones: [accion], firma: firma.toString('base64url') },
  });
  expect(r.status(), await r.text()).toBe(200);
  const { desfase_ms: desfase, resultados: [resultado] } = (await r.json()).data as
    { desfase_ms: number; resultados: { estado: string; mensaje: string; conflicto_id?: number }[] };
  return { ...resultado, momento: new Date(escaneo - desfase) };
}

/** A moment as the screen shows a scan: HH:mm:ss in the browser's zone (the spec's). */
const hora = (d: Date) => new Intl.DateTimeFormat('es-AR', {
  timeZone: 'America/Argentina/Buenos_Aires', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
}).format(d);

test('un pasaje embarcado en dos celulares sin conexión llega al supervisor como conflicto con los dos escaneos, y lo resuelve', async ({ page, request }) => {
  // three users of its own, two devices, a sale, two syncs and three axe runs
  test.setTimeout(120_000);
  const [vendedor, lancha, supervisor] = await Promise.all(
    (['vendedor', 'lancha', 'supervisor'] as const).map((rol) => usuarioPropio(request, rol)),
  );
  const proa = await registrarDispositivo(request, lancha, `Proa ${lancha.usuario}`.slice(0, 60));
  const popa = await registrarDispositivo(request, supervisor, `Popa ${supervisor.usuario}`.slice(0, 60));
  const pasaje = await venderPorApi(request, vendedor, 'Pasajero de dos celulares');

  // Both phones scanned the ticket offline after its sale (no boarding counts before it, nor after its sync),
  // the crew's first; the supervisor's (later) scan syncs first and keeps the boarding, the crew's is recorded beside it.
  const vendido = Math.ceil(Date.now() / 1000) * 1000;
  await new Promise((listo) => setTimeout(listo, Math.max(0, vendido + 3_000 - Date.now())));
  const despues = await embarcarSinConexion(request, supervisor, popa, pasaje.codigo_qr, vendido + 2_000);
  expect(despues.estado).toBe('aplicada');
  const antes = await embarcarSinConexion(request, lancha, proa, pasaje.codigo_qr, vendido + 1_000);
  expect(antes).toMatchObject({ estado: 'aplicada', conflicto_id: expect.any(Number) });

  await login(page, supervisor);
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Conflictos offline' }).click();
  await expect(page).toHaveURL(/\/admin\/conflictos$/);
  await expect(page.getByRole('heading', { name: 'Conflictos offline', level: 1 })).toBeVisible();
  const tabla = page.getByRole('table', { name: 'Conflictos' });
  const fila = tabla.getByRole('row').filter({ hasText: pasaje.numero_pasaje });
  await expect(fila).toHaveCount(1);
  const celdas = fila.getByRole('cell');
  await expect(celdas.nth(0)).toContainText('Embarque duplicado');
  // in the order they happened: the crew's scan first, though it synced second
  await expect(celdas.nth(2)).toContainText(`${lancha.nombre} · ${proa.nombre} (${proa.codigo}) · `);
  await expect(celdas.nth(2)).toContainText(hora(antes.momento));
  await expect(celdas.nth(3)).toContainText(`${supervisor.nombre} · ${popa.nombre} (${popa.codigo}) · `);
  await expect(celdas.nth(3)).toContainText(hora(despues.momento));
  await expect(celdas.nth(1)).not.toContainText('Monto'); // a boarding takes no money
  await shot(page, 'pendientes');
  expect(await violaciones(page)).toEqual([]);

  // On a phone the same conflict is a card.
  await page.setViewportSize({ width: 390, height: 844 });
  const tarjeta = page.getByRole('listitem', { name: `Embarque duplicado ${pasaje.numero_pasaje}` });
  await expect(tarjeta).toContainText(`Primer embarque${lancha.nombre} · ${proa.nombre}`);
  await shot(page, 'telefono');
  await page.setViewportSize({ width: 1280, height: 800 });

  await fila.getByRole('button', { name: 'Marcar resuelto' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Marcar conflicto resuelto' });
  await expect(dialogo).toContainText(pasaje.numero_pasaje);
  await dialogo.getByLabel('Nota (opcional)').fill('Se habló con la tripulación: subió una sola vez');
  expect(await violaciones(page)).toEqual([]);
  await dialogo.getByRole('button', { name: 'Marcar resuelto' }).click();
  await expect(page.getByText('Conflicto marcado como resuelto')).toBeVisible();
  await expect(dialogo).toBeHidden();
  await expect(fila).toHaveCount(0);

  await page.getByText('Resueltos', { exact: true }).click(); // the segment's label: its radio is hidden
  const resuelta = tabla.getByRole('row').filter({ hasText: pasaje.numero_pasaje });
  await expect(resuelta).toContainText(`Resuelto por ${supervisor.nombre} el `);
  await expect(resuelta).toContainText('Se habló con la tripulación: subió una sola vez');
  await expect(resuelta.getByRole('button')).toHaveCount(0);
  await shot(page, 'resueltos');
  expect(await violaciones(page)).toEqual([]);
});
