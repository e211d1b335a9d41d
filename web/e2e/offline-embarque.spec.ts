import { chromium, expect, test } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import config, { SCREENSHOTS_DIR } from '../playwright.config';
import { writeQrVideo } from './fakeCamera';
import { apiGet, authHeaders, controladaPorElServiceWorker, usuarioPropio, venderPorApi, violaciones } from './helpers';
import { abrirValidadorEnTelefono, registros, resultado, type AccionEnCola, type PasajeGuardado } from './offline';

// Works offline: the service worker the other specs go without (playwright.config.ts) is needed here.
test.use({ serviceWorkers: 'allow' });

test('la tripulación embarca sin conexión: el QR se verifica en el teléfono, el segundo escaneo se rechaza y el embarque queda en la cola', async ({ page, context, request }) => {
  test.setTimeout(120_000);
  const pasaje = await venderPorApi(request, await usuarioPropio(request, 'vendedor'), 'Marta Ibarra');

  // The crew's registered phone opens the validator while online: the tickets are kept on it.
  await abrirValidadorEnTelefono(page, request, pasaje.numero_pasaje, 'manual');
  expect((await registros<PasajeGuardado>(page, 'pasajes')).find((p) => p.numero_pasaje === pasaje.numero_pasaje))
    .toMatchObject({ codigo_qr: pasaje.codigo_qr, estado: 'activo' });

  // The link drops.
  await context.setOffline(true);
  const aviso = page.getByRole('status', { name: 'Modo sin conexión' });
  await expect(aviso).toContainText('Los pasajes se validan en este teléfono');
  await expect(aviso).toContainText(/Pasajes de hoy y mañana guardados: \d+, actualizados hace/);
  await expect(aviso).toContainText('No hay embarques por enviar.');

  const codigo = page.getByLabel('Código del pasaje');
  await codigo.fill(pasaje.codigo_qr);
  await codigo.press('Enter');
  await expect(resultado(page)).toContainText(new RegExp(
    `Embarque registrado sin conexión[\\s\\S]*${pasaje.numero_pasaje}[\\s\\S]*Marta Ibarra[\\s\\S]*Embarque: \\d\\d/\\d\\d/\\d{4} \\d\\d:\\d\\d`));
  await expect(aviso).toContainText('Embarques por enviar: 1.');
  await page.screenshot({ path: `${SCREENSHOTS_DIR}/embarque-sin-conexion-exito.png`, fullPage: true });

  await codigo.fill(pasaje.codigo_qr);
  await codigo.press('Enter');
  await expect(resultado(page)).toContainText('Pasaje ya embarcado en este teléfono');
  await expect(resultado(page)).toContainText(/Embarcado el \d\d\/\d\d\/\d{4} \d\d:\d\d/);
  await page.screenshot({ path: `${SCREENSHOTS_DIR}/embarque-sin-conexion-segundo-escaneo.png`, fullPage: true });

  // A forged code is refused on the phone.
  const [prefijo, carga] = pasaje.codigo_qr.split('.');
  await codigo.fill(`${prefijo}.${carga}.${'A'.repeat(86)}`);
  await codigo.press('Enter');
  await expect(resultado(page)).toContainText('Código QR inválido: no tiene la firma de la empresa');

  expect(await violaciones(page)).toEqual([]);

  // One boarding waits in the queue with its scan time; the server has not heard of it.
  const cola = await registros<AccionEnCola>(page, 'offline');
  expect(cola).toHaveLength(1);
  expect(cola[0]).toMatchObject({ tipo: 'embarque', datos: { codigo: pasaje.codigo_qr }, estado: 'pendiente' });
  expect(cola[0].id).toMatch(/^[0-9a-f-]{36}$/);
  expect(Date.now() - cola[0].ocurrido_en).toBeLessThan(120_000);
  const guardado = (await registros<PasajeGuardado>(page, 'pasajes')).find((p) => p.numero_pasaje === pasaje.numero_pasaje);
  expect(guardado?.embarcado_en).toBe(cola[0].ocurrido_en);
  const supervisor = await authHeaders(request, 'supervisor');
  expect((await apiGet<{ estado: string }>(request, `/api/pasajes/${pasaje.id}`, supervisor)).estado).toBe('activo');

  // The link returns: the sync worker sends the boarding, which reaches the server once, at its scan time,
  // and the validator goes back to validating on the server by itself.
  await context.setOffline(false);
  await expect(aviso).toHaveCount(0);
  await expect.poll(async () => (await apiGet<{ estado: string }>(request, `/api/pasajes/${pasaje.id}`, supervisor)).estado, { timeout: 30_000 })
    .toBe('usado');
  await expect.poll(async () => registros<AccionEnCola>(page, 'offline'), { timeout: 30_000 }).toEqual([]);
  const servidor = await apiGet<{ fecha_embarque: string }>(request, `/api/pasajes/${pasaje.id}`, supervisor);
  // the act counts at its scan (corrected by the measured clock offset, a few ms here), not at the sync
  expect(Math.abs(Date.parse(servidor.fecha_embarque) - cola[0].ocurrido_en)).toBeLessThan(5_000);
  const conflictos = await apiGet<{ conflictos: { numero_pasaje: string }[] }>(request, '/api/sync/conflictos?limit=100', supervisor);
  expect(conflictos.conflictos.filter((c) => c.numero_pasaje === pasaje.numero_pasaje)).toEqual([]);

  await codigo.fill(pasaje.codigo_qr);
  await codigo.press('Enter');
  await expect(resultado(page)).toContainText('El pasaje ya fue utilizado para embarcar');
  await expect(page.getByRole('status', { name: 'Modo sin conexión' })).toHaveCount(0);
});

test.describe('cámara', () => {
  test('sin conexión la cámara lee el QR y lo embarca en el teléfono; escrito a mano después, se rechaza', async ({ request }, testInfo) => {
    test.setTimeout(150_000);
    const pasaje = await venderPorApi(request, await usuarioPropio(request, 'vendedor'), 'Marta Ibarra');
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
      const context = await browser.newContext({ baseURL, locale, timezoneId, viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      await abrirValidadorEnTelefono(page, request, pasaje.numero_pasaje, 'manual');
      // The camera's reader is its own chunk: offline it comes from the service worker's precache.
      await controladaPorElServiceWorker(page);

      await context.setOffline(true);
      await expect(page.getByRole('status', { name: 'Modo sin conexión' })).toBeVisible();
      await page.getByText('Cámara', { exact: true }).click();
      await expect(resultado(page)).toContainText(new RegExp(`Embarque registrado sin conexión[\\s\\S]*${pasaje.numero_pasaje}[\\s\\S]*Marta Ibarra`),
        { timeout: 45_000 });
      await page.screenshot({ path: `${SCREENSHOTS_DIR}/embarque-sin-conexion-camara-movil.png`, fullPage: true });

      await page.getByText('Manual', { exact: true }).click();
      const codigo = page.getByLabel('Código del pasaje');
      await codigo.fill(pasaje.numero_pasaje);
      await codigo.press('Enter');
      await expect(resultado(page)).toContainText('Pasaje ya embarcado en este teléfono');
      const cola = await registros<AccionEnCola>(page, 'offline');
      expect(cola.map((a) => [a.tipo, a.datos.codigo])).toEqual([['embarque', pasaje.codigo_qr]]);
      await context.close();
    } finally {
      await browser.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
