import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { SCREENSHOTS_DIR } from '../playwright.config';
import { apiGet, authHeaders, login, usuarioPropio, violaciones } from './helpers';
import { CLAVE_SMTP, PUERTO_SMTP, servidorSmtpDePrueba, USUARIO_SMTP } from './smtp';

/**
 * The customer portal on a phone (390 px): a customer whose ticket was sold at the counter receives
 * its one-time code by e-mail (this file's own SMTP server, as e2e/smtp.spec.ts), sets a password,
 * logs in and sees the ticket with its QR and the points it earned. axe on every portal page.
 */

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENSHOTS_DIR}/portal-cliente-${name}.png` });

const recibidos = servidorSmtpDePrueba();

async function correo(request: APIRequestContext, activo: boolean) {
  const admin = await authHeaders(request, 'admin');
  const { plantilla } = await apiGet<{ plantilla: string }>(request, '/api/configuracion-email/plantilla-defecto', admin);
  const r = await request.post('/api/configuracion-email', {
    headers: admin,
    data: { activo, smtp_host: '127.0.0.1', smtp_port: PUERTO_SMTP, smtp_secure: false, smtp_user: USUARIO_SMTP, smtp_password: CLAVE_SMTP,
      email_remitente: USUARIO_SMTP, nombre_remitente: 'Lanchas del Delta', plantilla_pasaje: plantilla },
  });
  expect(r.ok(), await r.text()).toBeTruthy();
}

async function sinViolaciones(page: Page, donde: string) {
  expect.soft(await violaciones(page), donde).toEqual([]);
}

test('un cliente recibe el código por correo, crea su contraseña y ve el pasaje vendido en boletería con su QR y sus puntos', { tag: '@empresa' }, async ({ page, request }) => {
  await correo(request, true);
  const documento = String(40_000_000 + (Date.now() % 9_000_000));
  const email = `cliente${documento}@example.com`;
  const admin = await authHeaders(request, 'admin');
  const creado = await request.post('/api/config/clientes', { headers: admin, data: { nombre: 'Lucía', apellido: 'Ríos', documento, email } });
  expect(creado.status(), await creado.text()).toBe(201);
  const clienteId = (await creado.json()).data.id as number;

  // a sale at the counter, linked to the customer by its document
  const vendedor = await usuarioPropio(request, 'vendedor');
  const ventas = await authHeaders(request, vendedor);
  expect((await request.post('/api/caja/abrir', { headers: ventas, data: { monto_apertura: 0 } })).status()).toBe(201);
  const [seccion] = await apiGet<{ id: number }[]>(request, '/api/config/secciones?activos=true', ventas);
  const [tipo] = await apiGet<{ id: number }[]>(request, '/api/config/tipos-viaje?activos=true', ventas);
  const [medio] = await apiGet<{ id: number }[]>(request, '/api/config/medios-pago?activos=true', ventas);
  const { timezone } = await apiGet<{ timezone: string }>(request, '/api/config/empresa', ventas);
  const hoy = new Intl.DateTimeFormat('en-CA', { timeZone: timezone }).format(new Date());
  const venta = await request.post('/api/pasajes/lote', {
    headers: ventas,
    data: { seccion_id: seccion.id, fecha_viaje: hoy, medio_pago_id: medio.id, cliente_nombre: 'Lucía Ríos', cliente_documento: documento,
      lineas: [{ tipo_viaje_id: tipo.id, cantidad: 1 }] },
  });
  expect(venta.status(), await venta.text()).toBe(201);
  const numero = (await venta.json()).data.pasajes[0].numero_pasaje as string;
  const { balance_puntos: puntos } = await apiGet<{ balance_puntos: number }>(request, `/api/puntos/cliente/${clienteId}`, admin);
  expect(puntos).toBeGreaterThan(0);

  await page.goto('/cliente/login');
  await expect(page.getByLabel('Número de documento')).toBeVisible(); // the screen, not its loader, is what axe looks at
  await sinViolaciones(page, 'documento');
  await page.getByLabel('Número de documento').fill(documento);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByRole('button', { name: 'Crear o recuperar contraseña' }).click();
  await page.getByRole('button', { name: 'Enviarme un código' }).click();
  await expect(page.getByRole('status')).toContainText('le enviamos un código válido por 15 minutos');
  await sinViolaciones(page, 'crear contraseña');
  await expect.poll(() => recibidos.filter((r) => r.para.includes(email)).length, { timeout: 30_000 }).toBe(1);
  const codigo = /\b(\d{6})\b/.exec(recibidos.find((r) => r.para.includes(email))!.datos.replace(/=\r?\n/g, ''))?.[1];
  expect(codigo).toBeTruthy();

  await page.getByLabel('Código', { exact: true }).fill(codigo!);
  await page.getByLabel('Nueva contraseña').fill('delta2026');
  await page.getByLabel('Repetir contraseña').fill('delta2026');
  await shot(page, 'setup');
  await page.getByRole('button', { name: 'Crear contraseña e ingresar' }).click();
  await expect(page).toHaveURL(/\/cliente\/dashboard$/);
  await expect(page.getByRole('heading', { name: '¡Hola, Lucía!' })).toBeVisible();
  await expect(page.getByText(numero)).toBeVisible();
  await expect(page.getByText(new Intl.NumberFormat('es-AR').format(puntos), { exact: true })).toBeVisible();
  await sinViolaciones(page, 'panel');
  await shot(page, 'panel');

  await page.getByRole('button', { name: 'Ver QR' }).click();
  const qr = page.getByRole('dialog').getByRole('img', { name: `Código QR del pasaje ${numero}` });
  await expect(qr).toBeVisible();
  expect((await qr.boundingBox())!.width).toBeGreaterThanOrEqual(250); // big enough to scan from the screen
  await sinViolaciones(page, 'QR');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Pase de embarque' }).click();
  await expect(page.getByText('Llegá 15 minutos antes de la salida y presentá este código QR al embarcar.')).toBeVisible();
  await sinViolaciones(page, 'pase de embarque');
  await shot(page, 'pase');
  await page.keyboard.press('Escape');

  // the customer token opens no staff call
  const token = await page.evaluate<string | null>("localStorage.getItem('cliente_token')");
  expect((await request.get('/api/auth/me', { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(401);

  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/cliente\/login$/);
  await page.getByLabel('Número de documento').fill(documento);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByLabel('Contraseña', { exact: true }).fill('delta2026');
  await sinViolaciones(page, 'contraseña');
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByText(numero)).toBeVisible();

  await correo(request, false);
});

test('sin correo ni WhatsApp, el personal entrega un código en el mostrador; restablecer el acceso cierra la sesión del cliente', async ({ browser, page, request }) => {
  const documento = String(31_000_000 + (Date.now() % 9_000_000));
  const supervisor = await usuarioPropio(request, 'supervisor');
  const creado = await request.post('/api/config/clientes', {
    headers: await authHeaders(request, supervisor), data: { nombre: 'Mostrador', apellido: documento, documento },
  });
  expect(creado.status(), await creado.text()).toBe(201);

  await login(page, supervisor);
  await page.goto('/admin/clientes');
  await page.getByLabel('Buscar').fill(documento);
  await page.getByRole('button', { name: `Ver Mostrador ${documento}` }).click();
  const detalle = page.getByRole('dialog', { name: 'Detalle del cliente' });
  await detalle.getByRole('button', { name: 'Código para el portal' }).click();
  const codigo = detalle.getByLabel(/^Código \d{6}$/);
  await expect(codigo).toBeVisible();
  await expect(detalle.getByText(/Vence en 15 minutos/)).toBeVisible();
  await sinViolaciones(page, 'código para el portal');
  await shot(page, 'codigo-mostrador');
  const valor = (await codigo.textContent())!.trim();

  const cliente = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await cliente.goto('/cliente/login');
  await cliente.getByLabel('Número de documento').fill(documento);
  await cliente.getByRole('button', { name: 'Continuar' }).click();
  await expect(cliente.getByRole('button', { name: 'Ingresar' })).toBeVisible();
  await cliente.getByRole('button', { name: 'Crear o recuperar contraseña' }).click();
  await cliente.getByLabel('Código', { exact: true }).fill(valor);
  await cliente.getByLabel('Nueva contraseña').fill('delta2026');
  await cliente.getByLabel('Repetir contraseña').fill('delta2026');
  await cliente.getByRole('button', { name: 'Crear contraseña e ingresar' }).click();
  await expect(cliente.getByRole('heading', { name: '¡Hola, Mostrador!' })).toBeVisible();

  await detalle.getByRole('button', { name: 'Restablecer acceso al portal' }).click();
  await page.getByRole('dialog', { name: 'Restablecer acceso al portal' }).getByRole('button', { name: 'Restablecer' }).click();
  await expect(page.getByText('Acceso al portal restablecido: el cliente deberá crear una contraseña nueva')).toBeVisible();
  await cliente.reload();
  await expect(cliente).toHaveURL(/\/cliente\/login/);
  await cliente.close();
});
