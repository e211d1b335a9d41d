import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** Password of every demo user. */
export const DEMO_PASSWORD = 'Muelle.2026';

/** Logs a demo user in through the staff login and waits for the dashboard. */
export async function login(page: Page, usuario: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/admin/login');
  await page.getByLabel('Usuario').fill(usuario);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/, { timeout: 30_000 });
}

/** A ticket as the sale answers it (the fields the specs use). */
export interface Pasaje {
  id: number;
  numero_pasaje: string;
  codigo_qr: string;
}

/** GETs an API resource and returns its `data`, failing the test on any other answer. */
export async function apiGet<T>(request: APIRequestContext, url: string, headers: Record<string, string>): Promise<T> {
  const response = await request.get(url, { headers });
  expect(response.ok()).toBeTruthy();
  return (await response.json()).data as T;
}

/** The Authorization header of a demo user. */
export async function authHeaders(request: APIRequestContext, usuario: string): Promise<Record<string, string>> {
  const response = await request.post('/api/auth/login', { data: { nombre_usuario: usuario, password: DEMO_PASSWORD } });
  expect(response.ok()).toBeTruthy();
  return { Authorization: `Bearer ${(await response.json()).data.token}` };
}

/** Sells one ticket for today through the API as `usuario`, opening the user's register when it is closed. */
export async function venderPorApi(request: APIRequestContext, usuario: string, cliente: string): Promise<Pasaje> {
  const headers = await authHeaders(request, usuario);

  const abrir = await request.post('/api/caja/abrir', { headers, data: { monto_apertura: 0 } });
  expect([201, 409]).toContain(abrir.status()); // 409: already open by an earlier test of this run

  const [seccion] = await apiGet<{ id: number }[]>(request, '/api/config/secciones?activos=true', headers);
  const [tipo] = await apiGet<{ id: number }[]>(request, '/api/config/tipos-viaje?activos=true', headers);
  const [medio] = await apiGet<{ id: number }[]>(request, '/api/config/medios-pago?activos=true', headers);
  const { timezone } = await apiGet<{ timezone: string }>(request, '/api/config/empresa', headers);
  const hoy = new Intl.DateTimeFormat('en-CA', { timeZone: timezone }).format(new Date());

  const lote = await request.post('/api/pasajes/lote', {
    headers,
    data: {
      seccion_id: seccion.id,
      fecha_viaje: hoy,
      medio_pago_id: medio.id,
      cliente_nombre: cliente,
      lineas: [{ tipo_viaje_id: tipo.id, cantidad: 1 }],
    },
  });
  expect(lote.status()).toBe(201);
  return (await lote.json()).data.pasajes[0] as Pasaje;
}
