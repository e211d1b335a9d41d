import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import { SCREENSHOTS_DIR } from '../playwright.config';
import { login, usuarioPropio, venderPorApi } from './helpers';
import { abrirValidadorEnTelefono, registros, resultado, type AccionEnCola } from './offline';

// Works offline: the service worker the other specs go without (playwright.config.ts) is needed here.
test.use({ serviceWorkers: 'allow' });

/** A phone of its own: a browser context at a phone's width, with the project's locale and zone. */
async function telefono(browser: Browser, testInfo: TestInfo): Promise<Page> {
  const { baseURL, locale, timezoneId } = testInfo.project.use;
  const context = await browser.newContext({ baseURL, locale, timezoneId, viewport: { width: 390, height: 844 } });
  return context.newPage();
}

/** Boards `codigo` on the phone's validator, offline, and waits for its result. */
async function embarcarSinConexion(page: Page, codigo: string): Promise<void> {
  const campo = page.getByLabel('Código del pasaje');
  await campo.fill(codigo);
  await campo.press('Enter');
  await expect(resultado(page)).toContainText('Embarque registrado sin conexión');
}

test('dos tripulantes embarcan el mismo pasaje sin conexión: al volver la red, el supervisor ve el conflicto con los dos escaneos', async ({ browser, page, request }, testInfo) => {
  // two phones registered, a sale, two offline boardings, two syncs and the supervisor's screen
  test.setTimeout(180_000);
  const [vendedor, supervisor] = await Promise.all([usuarioPropio(request, 'vendedor'), usuarioPropio(request, 'supervisor')]);
  const pasaje = await venderPorApi(request, vendedor, 'Pasajero de dos lanchas');
  const proa = await telefono(browser, testInfo);
  const popa = await telefono(browser, testInfo);
  const tripulanteProa = await abrirValidadorEnTelefono(proa, request, pasaje.numero_pasaje, 'manual');
  const tripulantePopa = await abrirValidadorEnTelefono(popa, request, pasaje.numero_pasaje, 'manual');

  // Both boats lose the link; each crew member boards the same passenger on their own phone, the bow first.
  await proa.context().setOffline(true);
  await popa.context().setOffline(true);
  await embarcarSinConexion(proa, pasaje.codigo_qr);
  await embarcarSinConexion(popa, pasaje.codigo_qr);
  await popa.screenshot({ path: `${SCREENSHOTS_DIR}/conflicto-dos-telefonos-popa.png`, fullPage: true });

  // The stern's phone finds the link first: its (later) scan reaches the server first; then the bow's.
  await popa.context().setOffline(false);
  await expect.poll(() => registros<AccionEnCola>(popa, 'offline'), { timeout: 30_000 }).toEqual([]);
  await proa.context().setOffline(false);
  await expect.poll(() => registros<AccionEnCola>(proa, 'offline'), { timeout: 30_000 }).toEqual([]);

  // The supervisor sees one conflict with both scans, in the order they happened: the bow's first.
  await login(page, supervisor);
  await page.goto('/admin/conflictos');
  const fila = page.getByRole('table', { name: 'Conflictos' }).getByRole('row').filter({ hasText: pasaje.numero_pasaje });
  await expect(fila).toHaveCount(1);
  const celdas = fila.getByRole('cell');
  await expect(celdas.nth(0)).toContainText('Embarque duplicado');
  await expect(celdas.nth(2)).toContainText(tripulanteProa.nombre);
  await expect(celdas.nth(3)).toContainText(tripulantePopa.nombre);
  await page.screenshot({ path: `${SCREENSHOTS_DIR}/conflicto-dos-telefonos-supervisor.png`, fullPage: true });
  await proa.context().close();
  await popa.context().close();
});
