import { chromium, expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import config, { SCREENSHOTS_DIR } from '../playwright.config';
import { writeQrVideo } from './fakeCamera';
import { apiGet, authHeaders, login, usuarioPropio, venderPorApi } from './helpers';

const MOVIL = { width: 390, height: 844 };

/** Sells one ticket for today through the API as a seller of the test's own. */
const venderPasaje = async (request: APIRequestContext) => venderPorApi(request, await usuarioPropio(request, 'vendedor'), 'Marta Ibarra');

/** When a ticket boarded, as the screens write it (dd/MM/yyyy HH:mm in Buenos Aires). */
async function horaDeEmbarque(request: APIRequestContext, id: number): Promise<string> {
  const { fecha_embarque } = await apiGet<{ fecha_embarque: string }>(request, `/api/pasajes/${id}`, await authHeaders(request, 'supervisor'));
  const partes = Object.fromEntries(new Intl.DateTimeFormat('en-GB', {
    timeZone: 'America/Argentina/Buenos_Aires', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
  }).formatToParts(new Date(fecha_embarque)).map((p) => [p.type, p.value]));
  return `${partes.day}/${partes.month}/${partes.year} ${partes.hour}:${partes.minute}`;
}

/** The big result box of the validator. */
const resultado = (page: Page) => page.getByRole('status', { name: 'Resultado de la validación' });

test('la tripulación embarca un pasaje en modo manual y el segundo intento se rechaza con la hora del primero', async ({ page, request }) => {
  const pasaje = await venderPasaje(request);
  await login(page, 'lancha');
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Validador de Embarque' }).click();
  await expect(page.getByRole('heading', { name: 'Validador de Embarque' })).toBeVisible();
  await page.getByText('Manual', { exact: true }).click();

  const codigo = page.getByLabel('Código del pasaje');
  await codigo.fill(pasaje.numero_pasaje);
  await codigo.press('Enter');
  // A success clears itself after 3 s: one assertion checks it whole, on a busy machine too.
  await expect(resultado(page)).toContainText(new RegExp(
    `Embarque validado exitosamente[\\s\\S]*${pasaje.numero_pasaje}[\\s\\S]*Marta Ibarra[\\s\\S]*Embarque: \\d\\d/\\d\\d/\\d{4} \\d\\d:\\d\\d`));
  await expect(codigo).toBeFocused();
  const embarque = await horaDeEmbarque(request, pasaje.id);
  await page.screenshot({ path: `${SCREENSHOTS_DIR}/embarque-validador-exito.png`, fullPage: true });

  await page.setViewportSize(MOVIL);
  await codigo.fill(pasaje.numero_pasaje);
  await codigo.press('Enter');
  await expect(resultado(page)).toContainText('El pasaje ya fue utilizado para embarcar');
  await expect(resultado(page)).toContainText(`Embarcado el ${embarque} por Ramón Acosta`);
  await page.screenshot({ path: `${SCREENSHOTS_DIR}/embarque-validador-rechazo-movil.png`, fullPage: true });
});

test('un pasaje de otro día pide confirmación en ámbar, se encuentra sin guiones y el validador ofrece Deshacer', async ({ page, request }) => {
  const pasaje = await venderPorApi(request, await usuarioPropio(request, 'vendedor'), 'Marta Ibarra', 1);
  const [anio, mes, dia] = pasaje.fecha_viaje.split('-');
  await login(page, 'lancha');
  await page.goto('/admin/validador');
  await page.getByText('Manual', { exact: true }).click();

  const codigo = page.getByLabel('Código del pasaje');
  await codigo.fill(pasaje.numero_pasaje.replaceAll('-', '').toLowerCase());
  await codigo.press('Enter');
  await expect(resultado(page)).toContainText(`Pasaje para el ${dia}/${mes}/${anio} — ¿embarcar igual?`);
  await expect(resultado(page)).toContainText(pasaje.numero_pasaje);
  await page.screenshot({ path: `${SCREENSHOTS_DIR}/embarque-validador-otra-fecha.png`, fullPage: true });
  const estado = async () => (await apiGet<{ estado: string }>(request, `/api/pasajes/${pasaje.id}`, await authHeaders(request, 'supervisor'))).estado;
  expect(await estado()).toBe('activo');

  await resultado(page).getByRole('button', { name: 'Embarcar igual' }).click();
  await expect(resultado(page)).toContainText('Embarque validado exitosamente');
  await expect(codigo).toHaveValue('');
  expect(await estado()).toBe('usado');

  const barra = page.getByRole('status', { name: 'Último embarque' });
  await expect(barra).toContainText(`${pasaje.numero_pasaje} · Marta Ibarra`);
  await barra.getByRole('button', { name: 'Deshacer' }).click();
  await expect(page.getByText('Embarque deshecho: el pasaje vuelve a estar pendiente')).toBeVisible();
  await expect(barra).toHaveCount(0);
  expect(await estado()).toBe('activo');
});

test.describe('cámara', () => {
  test('la cámara lee el QR de un pasaje y lo embarca', async ({ request }, testInfo) => {
    const pasaje = await venderPasaje(request);
    const dir = mkdtempSync(path.join(tmpdir(), 'muelle-qr-'));
    const video = path.join(dir, 'qr.y4m');
    writeQrVideo(pasaje.codigo_qr, video);

    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: [
        ...(config.use?.launchOptions?.args ?? []),
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-video-capture=${video}`,
      ],
    });
    try {
      const { baseURL, locale, timezoneId } = testInfo.project.use;
      const page = await browser.newPage({ baseURL, locale, timezoneId, viewport: MOVIL });
      await login(page, 'lancha');
      await page.goto('/admin/validador');
      await page.getByText('Cámara', { exact: true }).click();
      await expect(resultado(page)).toContainText('Embarque validado exitosamente', { timeout: 45_000 });
      await expect(resultado(page)).toContainText(pasaje.numero_pasaje);
      await page.screenshot({ path: `${SCREENSHOTS_DIR}/embarque-validador-camara-movil.png`, fullPage: true });
    } finally {
      await browser.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

test('el dashboard de embarque muestra los contadores y las últimas validaciones, y lleva al validador', async ({ page, request }) => {
  const pasaje = await venderPasaje(request);
  const validar = await request.post('/api/pasajes/validar-qr', {
    headers: await authHeaders(request, 'lancha'),
    data: { codigo_qr: pasaje.codigo_qr },
  });
  expect(validar.ok()).toBeTruthy();
  await login(page, 'lancha');
  await expect(page.getByRole('heading', { name: 'Control de Embarque' })).toBeVisible();
  await expect(page.getByText('Total Hoy')).toBeVisible();
  await expect(page.getByText(/Validaste: [1-9]/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Últimas validaciones' })).toContainText(pasaje.numero_pasaje);
  await page.screenshot({ path: `${SCREENSHOTS_DIR}/embarque-dashboard-lancha.png`, fullPage: true });
  await page.setViewportSize(MOVIL);
  await page.screenshot({ path: `${SCREENSHOTS_DIR}/embarque-dashboard-lancha-movil.png`, fullPage: true });

  await page.getByRole('main').getByRole('link', { name: /Validar Pasajes/ }).click();
  await expect(page).toHaveURL(/\/admin\/validador$/);
  await page.getByText('Manual', { exact: true }).click();
  await page.screenshot({ path: `${SCREENSHOTS_DIR}/embarque-validador-movil.png`, fullPage: true });
});

test('la lista de pasajeros embarca con Validar; estado de viajes y rutas se muestran', async ({ page, request }) => {
  const pasaje = await venderPasaje(request);
  await login(page, 'lancha');
  await page.goto('/admin/lista-pasajeros');
  await page.getByRole('combobox', { name: 'Estado de embarque' }).click();
  await page.getByRole('option', { name: 'Solo pendientes' }).click();
  const fila = page.getByRole('row').filter({ hasText: pasaje.numero_pasaje });
  await expect(fila).toContainText('Pendiente');
  await fila.getByRole('button', { name: `Validar ${pasaje.numero_pasaje}` }).click();
  await expect(page.getByText('Embarque validado exitosamente')).toBeVisible();
  await expect(fila).toHaveCount(0);
  await page.screenshot({ path: `${SCREENSHOTS_DIR}/embarque-lista-pasajeros.png`, fullPage: true });

  await page.goto('/admin/estado-viajes');
  await expect(page.getByRole('region', { name: 'Hoy' }).getByText(/\d+%/).first()).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS_DIR}/embarque-estado-viajes.png`, fullPage: true });

  await page.goto('/admin/rutas');
  await expect(page.getByText(/Capacidad: \d+ pasajeros/).first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Tarifas' })).toHaveCount(0);
  await page.screenshot({ path: `${SCREENSHOTS_DIR}/embarque-rutas-lancha.png`, fullPage: true });
});

test('en un teléfono la lista de pasajeros cabe en la pantalla; Validar y luego Deshacer devuelve el pasajero a pendiente', async ({ page, request }) => {
  const pasaje = await venderPasaje(request);
  await page.setViewportSize(MOVIL);
  await login(page, 'lancha');
  await page.goto('/admin/lista-pasajeros');

  const tarjeta = page.getByRole('listitem', { name: pasaje.numero_pasaje });
  await expect(tarjeta).toContainText('Pendiente');
  // The e2e code has no DOM types: the check runs in the page as an expression.
  const anchos = await page.evaluate<{ pagina: number; ventana: number }>(
    '({ pagina: document.scrollingElement.scrollWidth, ventana: window.innerWidth })');
  expect(anchos.pagina).toBeLessThanOrEqual(anchos.ventana);
  const validar = tarjeta.getByRole('button', { name: `Validar ${pasaje.numero_pasaje}` });
  await validar.scrollIntoViewIfNeeded();
  await expect(validar).toBeInViewport();
  await expect(tarjeta.getByText('Pendiente')).toBeInViewport();

  await validar.click();
  const barra = page.getByRole('status', { name: 'Último embarque' });
  await expect(barra).toContainText('Embarque validado exitosamente');
  await expect(tarjeta).toContainText('Embarcado');
  await page.screenshot({ path: `${SCREENSHOTS_DIR}/embarque-lista-pasajeros-movil-deshacer.png`, fullPage: true });

  await barra.getByRole('button', { name: 'Deshacer' }).click();
  await expect(page.getByText('Embarque deshecho: el pasaje vuelve a estar pendiente')).toBeVisible();
  await expect(barra).toHaveCount(0);
  await expect(tarjeta).toContainText('Pendiente');
  await expect(tarjeta.getByRole('button', { name: `Validar ${pasaje.numero_pasaje}` })).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS_DIR}/embarque-lista-pasajeros-movil.png`, fullPage: true });
});

test('sin cámara el validador empieza en modo manual con un aviso tranquilo', async ({ page }) => {
  // Chromium's first device enumeration took 5 s on a busy machine: the note may take a while.
  test.slow();
  await login(page, 'lancha');
  await page.goto('/admin/validador');
  await expect(page.getByRole('status', { name: /Modo manual/ })).toContainText('No se encontró una cámara en este dispositivo', { timeout: 30_000 });
  await expect(page.getByLabel('Código del pasaje')).toBeVisible();
  await expect(page.getByText('No se pudo usar la cámara')).toHaveCount(0);
  await expect(page.getByText(/por ejemplo LD-\d{8}-000001/).first()).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS_DIR}/embarque-validador-sin-camara.png`, fullPage: true });
});
