import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** Password of every demo user. */
export const DEMO_PASSWORD = 'Muelle.2026';

/** A user one test created for itself (usuarioPropio): nothing else logs in as it. */
export interface Usuario {
  usuario: string;
  password: string;
  /** Its full name, as the screens show it. */
  nombre: string;
}

/** A demo user by name (its password is DEMO_PASSWORD), or a test's own user. */
export type Cuenta = string | Usuario;

const credenciales = (c: Cuenta) => (typeof c === 'string' ? { usuario: c, password: DEMO_PASSWORD } : c);

/** Logs a user in through the staff login and waits for the dashboard. */
export async function login(page: Page, cuenta: Cuenta, password?: string): Promise<void> {
  const c = credenciales(cuenta);
  await page.goto('/admin/login');
  await page.getByLabel('Usuario').fill(c.usuario);
  await page.getByLabel('Contraseña', { exact: true }).fill(password ?? c.password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/, { timeout: 30_000 });
}

/** A ticket as the sale answers it (the fields the specs use). */
export interface Pasaje {
  id: number;
  numero_pasaje: string;
  codigo_qr: string;
  /** YYYY-MM-DD */
  fecha_viaje: string;
}

/** GETs an API resource and returns its `data`, failing the test on any other answer. */
export async function apiGet<T>(request: APIRequestContext, url: string, headers: Record<string, string>): Promise<T> {
  const response = await request.get(url, { headers });
  expect(response.ok()).toBeTruthy();
  return (await response.json()).data as T;
}

/** The active section called `nombre`, as `headers`' user reads the catalog (fails the test without it). */
export async function seccionPorNombre(request: APIRequestContext, headers: Record<string, string>, nombre: string): Promise<{ id: number; nombre: string }> {
  const seccion = (await apiGet<{ id: number; nombre: string }[]>(request, '/api/config/secciones?activos=true', headers))
    .find((s) => s.nombre === nombre);
  expect(seccion, `la sección ${nombre}`).toBeDefined();
  return seccion!;
}

/** A boat of `capacidad` seats with a certificate far from expiry, made through the API by `headers`' admin: its id. */
export async function embarcacionPorApi(
  request: APIRequestContext, headers: Record<string, string>, nombre: string, matricula: string, capacidad: number,
): Promise<number> {
  const creada = await request.post('/api/config/embarcaciones', { headers, data: {
    nombre, matricula, capacidad, vencimiento_certificado: '2099-12-31' } });
  expect(creada.status(), await creada.text()).toBe(201);
  return (await creada.json()).data.id as number;
}

/** The Authorization header of a user. */
export async function authHeaders(request: APIRequestContext, cuenta: Cuenta): Promise<Record<string, string>> {
  const { usuario, password } = credenciales(cuenta);
  const response = await request.post('/api/auth/login', { data: { nombre_usuario: usuario, password } });
  expect(response.ok()).toBeTruthy();
  return { Authorization: `Bearer ${(await response.json()).data.token}` };
}

/** The password every test's own user ends with (the temporary one is changed at once). */
const PASSWORD_PROPIA = 'Remo48#Ceibo';
let propios = 0;

/**
 * A user of the demo company (Lanchas del Delta; the company of `administrador`) that only this test
 * uses, created through the API like the users screen does (by admin; an admin by superadmin), its temporary password already
 * changed: its register, sales and notifications are the test's alone, so tests run in parallel
 * and in any order.
 */
export async function usuarioPropio(
  request: APIRequestContext,
  rol: 'admin' | 'supervisor' | 'vendedor' | 'lancha',
  administrador: Cuenta = 'admin',
): Promise<Usuario> {
  const sufijo = `${process.pid.toString(36)}${Date.now().toString(36)}${(propios++).toString(36)}`;
  const usuario = `${rol}_${sufijo}`;
  const nombre = { nombre: 'Prueba', apellido: `${rol[0].toUpperCase()}${rol.slice(1)} ${sufijo}` };
  const admin = await authHeaders(request, administrador);
  let url = '/api/config/usuarios';
  let headers = admin;
  if (rol === 'admin') {
    // Only a higher role grants a role: the admin is created by the super admin, for the demo company.
    const empresa = await apiGet<{ id: number }>(request, '/api/config/empresa', admin);
    url += `?empresa_id=${empresa.id}`;
    headers = await authHeaders(request, 'superadmin');
  }
  const temporal = 'Sauce63#Delta';
  const creado = await request.post(url, {
    headers,
    data: { nombre_usuario: usuario, email: `${usuario}@muelle.test`, ...nombre, rol, password: temporal },
  });
  expect(creado.status(), await creado.text()).toBe(201);
  // A password someone else chose is temporary: the user changes it before anything else.
  const cambio = await request.put('/api/usuarios/cambiar-contrasena', {
    headers: await authHeaders(request, { usuario, password: temporal, nombre: '' }),
    data: { clave_actual: temporal, clave_nueva: PASSWORD_PROPIA },
  });
  expect(cambio.ok(), await cambio.text()).toBeTruthy();
  return { usuario, password: PASSWORD_PROPIA, nombre: `${nombre.nombre} ${nombre.apellido}` };
}

/** Opens the user's register through the API with `monto` (it must be closed: the user is the test's own). */
export async function abrirCajaPorApi(request: APIRequestContext, cuenta: Cuenta, monto = 0): Promise<void> {
  const abrir = await request.post('/api/caja/abrir', { headers: await authHeaders(request, cuenta), data: { monto_apertura: monto } });
  expect(abrir.status(), await abrir.text()).toBe(201);
}

/**
 * Sells one ticket through the API as `cuenta`, opening its register when it is closed; it travels
 * today, or `diasDeViaje` days later.
 */
export async function venderPorApi(request: APIRequestContext, cuenta: Cuenta, cliente: string, diasDeViaje = 0): Promise<Pasaje> {
  const headers = await authHeaders(request, cuenta);

  const abrir = await request.post('/api/caja/abrir', { headers, data: { monto_apertura: 0 } });
  expect([201, 409]).toContain(abrir.status()); // 409: already open

  const [seccion] = await apiGet<{ id: number }[]>(request, '/api/config/secciones?activos=true', headers);
  const [tipo] = await apiGet<{ id: number }[]>(request, '/api/config/tipos-viaje?activos=true', headers);
  const [medio] = await apiGet<{ id: number }[]>(request, '/api/config/medios-pago?activos=true', headers);
  const { timezone } = await apiGet<{ timezone: string }>(request, '/api/config/empresa', headers);
  const fechaViaje = new Intl.DateTimeFormat('en-CA', { timeZone: timezone }).format(new Date(Date.now() + diasDeViaje * 86_400_000));

  const lote = await request.post('/api/pasajes/lote', {
    headers,
    data: {
      seccion_id: seccion.id,
      fecha_viaje: fechaViaje,
      medio_pago_id: medio.id,
      cliente_nombre: cliente,
      lineas: [{ tipo_viaje_id: tipo.id, cantidad: 1 }],
    },
  });
  expect(lote.status()).toBe(201);
  return (await lote.json()).data.pasajes[0] as Pasaje;
}

/**
 * axe's critical and serious violations of the page once its finite animations end, one line each: a
 * toast or dialog caught halfway through its fade has the contrast of its current opacity, not its own.
 * With `selector`, of that part only (an open dialog: the page behind its overlay is dimmed on purpose).
 */
export async function violaciones(page: Page, selector?: string): Promise<string[]> {
  await sinAnimaciones(page);
  const builder = new AxeBuilder({ page });
  const { violations } = await (selector ? builder.include(selector) : builder).analyze();
  return violations.filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => `${v.id}: ${v.nodes[0].target.join(' ')}`);
}

/**
 * Waits (up to 3 s) until no finite CSS animation or transition runs; a spinner's endless one does not count.
 * First three frames: Mantine starts a modal's transition two frames after it opens (its use-transition), and
 * a look in between found nothing running while the modal was still see-through.
 */
async function sinAnimaciones(page: Page): Promise<void> {
  type Animacion = { playState: string; effect: { getTiming(): { iterations: number } } | null };
  type ConAnimaciones = { document: { getAnimations(): Animacion[] } };
  type ConFrames = { requestAnimationFrame(f: () => void): number };
  await page.evaluate(async () => {
    const frame = () => new Promise<void>((listo) => { (globalThis as unknown as ConFrames).requestAnimationFrame(() => listo()); });
    for (let i = 0; i < 3; i++) await frame();
  });
  // a function, not a string: the server's CSP refuses eval
  await page.waitForFunction(() => (globalThis as unknown as ConAnimaciones).document.getAnimations()
    .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity), null, { timeout: 3_000 })
    .catch(() => undefined);
}

/** Waits until the service worker controls the page (it registers once the page is idle), so it reopens offline. */
export async function controladaPorElServiceWorker(page: Page): Promise<void> {
  // a function, not a string: the server's CSP refuses eval
  type ConServiceWorker = { navigator: { serviceWorker?: { controller: unknown } } };
  await page.waitForFunction(() => !!(globalThis as unknown as ConServiceWorker).navigator.serviceWorker?.controller, null, {
    timeout: 30_000,
  });
}
