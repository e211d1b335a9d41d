import { chromium, expect, test, type Page } from '@playwright/test';
import config, { SCREENSHOTS_DIR } from '../playwright.config';
import { login, usuarioPropio, violaciones } from './helpers';

/**
 * A name that is not loopback, which this spec's Chromium resolves to the test server: Muelle over plain
 * HTTP by a name, as the pier's PCs and phones reach it (http://muelle.lan:8080). On http://127.0.0.1
 * Chromium would give the page a secure context; here it gives none.
 */
const NOMBRE = 'muelle.prueba';

/** The notice's sentence with the address it names: the host name over HTTPS, without the plain-HTTP port. */
const AVISO = new RegExp(
  '^Esta conexión no es segura \\(HTTPS\\): este dispositivo no puede vender sin conexión, usar la cámara ni recibir ' +
  `notificaciones\\. Pida al administrador la dirección https://${NOMBRE.replaceAll('.', '\\.')}$`);

/** Opens `path` and checks that the screen shows the notice. */
async function abrirConAviso(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('note')).toHaveText(AVISO);
}

/** `boton` is on screen, disabled, and described by the notice. */
async function deshabilitadoPorElAviso(page: Page, nombre: string) {
  const boton = page.getByRole('button', { name: nombre });
  await expect(boton).toBeVisible();
  await expect(boton).toBeDisabled();
  await expect(boton).toHaveAccessibleDescription(AVISO);
}

test('por HTTP a un nombre, las pantallas que necesitan HTTPS lo dicen y dejan sus botones deshabilitados', async ({ request }, testInfo) => {
  const { baseURL, locale, timezoneId } = testInfo.project.use;
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [...(config.use?.launchOptions?.args ?? []), `--host-resolver-rules=MAP ${NOMBRE} 127.0.0.1`],
  });
  try {
    // a context of its own (not browser.newPage): axe opens its frames through the page's context
    const contexto = await browser.newContext({ baseURL: `http://${NOMBRE}:${new URL(baseURL!).port}`, locale, timezoneId });
    const page = await contexto.newPage();
    await login(page, await usuarioPropio(request, 'admin'));
    type ConContexto = { isSecureContext: boolean };
    expect(await page.evaluate(() => (globalThis as unknown as ConContexto).isSecureContext)).toBe(false);

    await abrirConAviso(page, '/admin/venta-pasajes');
    await deshabilitadoPorElAviso(page, 'Registrar este dispositivo');
    await page.screenshot({ path: `${SCREENSHOTS_DIR}/conexion-insegura-venta.png`, fullPage: true });

    await abrirConAviso(page, '/admin/validador');
    await expect(page.getByRole('radio', { name: 'Cámara' })).toBeDisabled();
    await expect(page.getByRole('radiogroup', { name: 'Modo de validación' })).toHaveAccessibleDescription(AVISO);
    await expect(page.getByLabel(/Código del pasaje/)).toBeVisible();
    await deshabilitadoPorElAviso(page, 'Registrar este dispositivo');

    await abrirConAviso(page, '/admin/dispositivos');
    await deshabilitadoPorElAviso(page, 'Registrar este dispositivo');
    expect(await violaciones(page)).toEqual([]);

    await abrirConAviso(page, '/admin/notificaciones');
    await deshabilitadoPorElAviso(page, 'Activar notificaciones del navegador');
    await deshabilitadoPorElAviso(page, 'Activar notificaciones push');
  } finally {
    await browser.close();
  }
});
