import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import { expect, test } from '@playwright/test';
import { SCREENSHOTS_DIR } from '../playwright.config';
import { abrirCajaPorApi, authHeaders, login, usuarioPropio, violaciones } from './helpers';

/** scripts/e2e.sh names the port of the fake and points the server at it (MUELLE_MERCADOPAGO_URL, MUELLE_SERVICIOS_CA). */
const PUERTO_MP = Number(process.env.MUELLE_E2E_MP_PORT ?? 2526);
const TOKEN = 'APP_USR-1234567890123456-120312-e2e0e2e0';
const CUENTA = 7654321;

/** A Mercado Pago of the spec over HTTPS: the account, stores and points of sale, kept by external id; QR orders by id. */
const creados = new Map<string, Record<string, unknown>>();
type Orden = { id: string; status: string; total_amount: string; total_paid_amount?: string } & Record<string, unknown>;
const ordenes = new Map<string, Orden>();
const ordenPorClave = new Map<string, string>();

/** Mercado Pago's Orders API as much as the counter uses: create (once per X-Idempotency-Key), read, cancel. */
function servirOrdenes(metodo: string, ruta: string, clave: string, cuerpo: string, res: ServerResponse): boolean {
  const [, id, accion] = /^\/v1\/orders(?:\/([^/]+))?(?:\/(cancel))?$/.exec(ruta) ?? [];
  if (!ruta.startsWith('/v1/orders')) return false;
  if (metodo === 'POST' && !id) {
    const previa = ordenes.get(ordenPorClave.get(clave) ?? '');
    if (previa) return responder(res, 201, previa), true;
    const pedida = JSON.parse(cuerpo) as Record<string, unknown>;
    const nueva: Orden = { ...pedida, id: `ORDE2E${ordenes.size + 1}`, status: 'created', status_detail: 'created',
      total_amount: String(pedida.total_amount), type_response: { qr_data: `00020101021243650016COM.MERCADOLIBRE0201306${ordenes.size + 1}` },
      transactions: { payments: [{ id: `PAYE2E${ordenes.size + 1}`, amount: String(pedida.total_amount), status: 'created' }] } };
    ordenes.set(nueva.id, nueva);
    ordenPorClave.set(clave, nueva.id);
    return responder(res, 201, nueva), true;
  }
  const orden = ordenes.get(id ?? '');
  if (!orden) return responder(res, 404, { message: 'order not found' }), true;
  if (metodo === 'POST' && accion === 'cancel') {
    if (orden.status === 'processed') return responder(res, 409, { message: 'order already processed' }), true;
    orden.status = 'canceled';
  }
  return responder(res, 200, orden), true;
}

/** The passenger pays the order with the phone. */
function pagar(orden: Orden) {
  Object.assign(orden, { status: 'processed', status_detail: 'accredited', total_paid_amount: orden.total_amount,
    transactions: { payments: [{ id: `PAY-${orden.id}`, amount: orden.total_amount, paid_amount: orden.total_amount, status: 'processed' }] } });
}
const fake = createServer(
  { key: readFileSync(process.env.MUELLE_E2E_SMTP_KEY ?? ''), cert: readFileSync(process.env.MUELLE_E2E_SMTP_CERT ?? '') },
  (req, res) => {
    const url = new URL(req.url ?? '/', `https://127.0.0.1:${PUERTO_MP}`);
    if (req.headers.authorization !== `Bearer ${TOKEN}`) return responder(res, 401, { message: 'invalid access token' });
    if (req.method === 'GET' && url.pathname === '/users/me') return responder(res, 200, { id: CUENTA, nickname: 'LANCHAS_E2E' });
    if (req.method === 'GET' && (url.pathname === '/pos' || url.pathname.endsWith('/stores/search'))) {
      const o = creados.get(url.searchParams.get('external_id') ?? '');
      return responder(res, 200, { results: o ? [o] : [] });
    }
    let cuerpo = '';
    req.on('data', (parte: Buffer) => (cuerpo += parte.toString()));
    req.on('end', () => {
      if (servirOrdenes(req.method ?? '', url.pathname, String(req.headers['x-idempotency-key'] ?? ''), cuerpo, res)) return;
      if (req.method === 'POST' && (url.pathname === '/pos' || url.pathname === `/users/${CUENTA}/stores`)) {
        const o: Record<string, unknown> = { ...(JSON.parse(cuerpo) as Record<string, unknown>), id: 1000 + creados.size };
        creados.set(String(o.external_id), o);
        return responder(res, 201, o);
      }
      responder(res, 404, { message: 'not found' });
    });
  },
);

function responder(res: ServerResponse, status: number, cuerpo: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(cuerpo));
}

// One fake for the file: the charge uses the set-up the first test makes.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

test.beforeAll(() => new Promise<void>((listo) => fake.listen(PUERTO_MP, '127.0.0.1', () => listo())));
test.afterAll(() => new Promise<void>((listo) => fake.close(() => listo())));

test('el admin configura Mercado Pago, prueba la cuenta y crea el local y una caja por vendedor', async ({ page }) => {
  await login(page, 'admin2');
  await page.goto('/admin/configuracion/mercadopago');
  await expect(page.getByRole('heading', { name: 'Mercado Pago' })).toBeVisible();
  await page.getByLabel(/Token de acceso/).fill(TOKEN);
  await page.getByLabel(/Clave secreta de notificaciones/).fill('e2e-secreto-de-webhooks');
  await page.getByLabel(/Nombre del local/).fill('Estación Fluvial');
  await page.getByLabel(/Calle/).fill('Lavalle');
  await page.getByLabel(/Número/).fill('520');
  await page.getByLabel(/Ciudad/).fill('Tigre');
  await page.getByLabel(/Provincia/).fill('Buenos Aires');
  await page.getByLabel(/Latitud/).fill('-34,42');
  await page.getByLabel(/Longitud/).fill('-58,58');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Configuración de Mercado Pago guardada')).toBeVisible();
  await expect(page.getByLabel(/Token de acceso/)).toHaveValue('');

  await page.getByRole('button', { name: 'Probar credenciales' }).click();
  await expect(page.getByText('Credenciales válidas: cuenta de Mercado Pago «LANCHAS_E2E»')).toBeVisible();
  const cajas = page.getByRole('region', { name: 'Cajas en Mercado Pago' });
  await cajas.getByRole('button', { name: 'Crear local y cajas' }).click();
  await expect(page.getByText('Local y cajas creados en Mercado Pago')).toBeVisible();
  await expect(cajas.getByRole('row', { name: /vendedor2/ }).getByText('Creada')).toBeVisible();
  expect([...creados.keys()]).toContain('MUELLE2');
  expect(await violaciones(page)).toEqual([]);
});

test('el vendedor cobra dos pasajes con Mercado Pago QR: el pasajero paga y la caja lo muestra; otro cobro se cancela', async ({ page, request }) => {
  const admin = await authHeaders(request, 'admin2');
  const medio = await request.post('/api/config/medios-pago', {
    headers: admin, data: { nombre: 'Mercado Pago QR', descripcion: '', activo: true, tipo: 'mercadopago_qr' },
  });
  expect(medio.status(), await medio.text()).toBe(201);
  const vendedor = await usuarioPropio(request, 'vendedor', 'admin2');
  const cajas = await request.post('/api/config/mercadopago/cajas', { headers: admin });
  expect(cajas.status(), await cajas.text()).toBe(200);
  await abrirCajaPorApi(request, vendedor);
  await login(page, vendedor);
  await page.goto('/admin/venta-pasajes');

  await page.getByRole('button', { name: /Tigre – Tres Bocas/ }).click();
  await page.getByLabel('Cantidad General').fill('2');
  await page.getByRole('radio', { name: 'Mercado Pago QR' }).check();
  await page.getByRole('button', { name: /^Cobrar con QR/ }).click();
  const cobro = page.getByRole('dialog', { name: 'Cobro con Mercado Pago' });
  await expect(cobro.getByRole('img', { name: 'Código QR para pagar' })).toBeVisible({ timeout: 20_000 });
  await expect(cobro).toContainText('Esperando el pago…');
  await expect(cobro).toContainText(/\$\s9\.000,00/);
  await expect(cobro.getByRole('button', { name: 'Cancelar cobro' })).toBeFocused();
  expect(await violaciones(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(cobro).toBeVisible();

  const orden = [...ordenes.values()].at(-1);
  expect(orden?.total_amount).toBe('9000.00');
  pagar(orden as Orden);
  // no webhook reaches this machine: the server's poller learns it
  const venta = page.getByRole('dialog', { name: 'Venta registrada' });
  await expect(venta).toBeVisible({ timeout: 30_000 });
  await venta.getByRole('button', { name: 'Más Tarde' }).click();

  await page.getByRole('button', { name: /Tigre – Tres Bocas/ }).click();
  await page.getByLabel('Cantidad General').fill('1');
  await page.getByRole('radio', { name: 'Mercado Pago QR' }).check();
  await page.getByRole('button', { name: /^Cobrar con QR/ }).click();
  await expect(cobro.getByRole('img', { name: 'Código QR para pagar' })).toBeVisible({ timeout: 20_000 });
  // On a phone held by the seller the QR, the amount and 'Cancelar cobro' fit the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  for (const parte of [cobro.getByRole('img', { name: 'Código QR para pagar' }), cobro.getByRole('button', { name: 'Cancelar cobro' })]) {
    const caja = await parte.boundingBox();
    expect(caja && caja.x >= 0 && caja.x + caja.width <= 390 && caja.y + caja.height <= 844, JSON.stringify(caja)).toBe(true);
  }
  expect(await violaciones(page)).toEqual([]);
  await page.screenshot({ path: `${SCREENSHOTS_DIR}/mercadopago-qr-telefono.png` });
  await cobro.getByRole('button', { name: 'Cancelar cobro' }).click();
  await expect(cobro.getByRole('alert')).toContainText('Cobro cancelado');
  expect([...ordenes.values()].at(-1)?.status).toBe('canceled');
  await cobro.getByRole('button', { name: 'Cerrar' }).click();
  await expect(page.getByLabel('Cantidad General')).toHaveValue('1');

  await page.goto('/admin/caja');
  await expect(page.getByText('Mercado Pago QR').first()).toBeVisible();
  await expect(page.getByText(/\$\s9\.000,00/).first()).toBeVisible();
});
