import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import { expect, test } from '@playwright/test';
import { login, violaciones } from './helpers';

/** scripts/e2e.sh names the port of the fake and points the server at it (MUELLE_MERCADOPAGO_URL, MUELLE_SERVICIOS_CA). */
const PUERTO_MP = Number(process.env.MUELLE_E2E_MP_PORT ?? 2526);
const TOKEN = 'APP_USR-1234567890123456-120312-e2e0e2e0';
const CUENTA = 7654321;

/** A Mercado Pago of the spec over HTTPS: the account, stores and points of sale, kept by external id. */
const creados = new Map<string, Record<string, unknown>>();
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
    if (req.method === 'POST' && (url.pathname === '/pos' || url.pathname === `/users/${CUENTA}/stores`)) {
      let cuerpo = '';
      req.on('data', (parte: Buffer) => (cuerpo += parte.toString()));
      req.on('end', () => {
        const o: Record<string, unknown> = { ...(JSON.parse(cuerpo) as Record<string, unknown>), id: 1000 + creados.size };
        creados.set(String(o.external_id), o);
        responder(res, 201, o);
      });
      return;
    }
    responder(res, 404, { message: 'not found' });
  },
);

function responder(res: ServerResponse, status: number, cuerpo: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(cuerpo));
}

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
