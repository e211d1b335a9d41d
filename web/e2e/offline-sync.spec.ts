import { expect, test, type Page } from '@playwright/test';
import { SCREENSHOTS_DIR } from '../playwright.config';
import { apiGet, authHeaders, controladaPorElServiceWorker, login, usuarioPropio, venderPorApi, violaciones } from './helpers';
import { insignia, registros } from './offline';

// Works offline: the service worker the other specs go without (playwright.config.ts) is needed here.
test.use({ serviceWorkers: 'allow' });

const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENSHOTS_DIR}/offline-sync-${name}.png` });

/**
 * Registers this browser as the signed-in user's device as lib/dispositivo does: an Ed25519 pair
 * made by WebCrypto (private half not extractable), the public half posted, the answer and the pair
 * kept in IndexedDB (muelle-dispositivo). The e2e code has no DOM types, so the page runs it as text.
 */
function registrarEsteNavegador(page: Page, nombre: string) {
  return page.evaluate<{ codigo: string; certificado: string }>(`(async () => {
    const par = await crypto.subtle.generateKey({ name: 'Ed25519' }, false, ['sign', 'verify']);
    const crudo = new Uint8Array(await crypto.subtle.exportKey('raw', par.publicKey));
    const clave = btoa(String.fromCharCode(...crudo)).replace(/\\+/g, '-').replace(/\\//g, '_').replace(/=+$/, '');
    const r = await fetch('/api/dispositivos', { method: 'POST', headers: { 'Content-Type': 'application/json',
      Authorization: 'Bearer ' + localStorage.getItem('token') }, body: JSON.stringify({ nombre: ${JSON.stringify(nombre)}, clave_publica: clave }) });
    if (r.status !== 201) throw new Error('registro: ' + r.status + ' ' + await r.text());
    const { data } = await r.json();
    await new Promise((resolve, reject) => {
      const abrir = indexedDB.open('muelle-dispositivo', 1);
      abrir.onupgradeneeded = () => abrir.result.createObjectStore('dispositivo');
      abrir.onerror = () => reject(abrir.error);
      abrir.onsuccess = () => {
        const tx = abrir.result.transaction('dispositivo', 'readwrite');
        tx.objectStore('dispositivo').put({ ...data, keyPair: par }, 'actual');
        tx.oncomplete = () => { abrir.result.close(); resolve(undefined); };
        tx.onerror = () => reject(tx.error);
      };
    });
    return { codigo: data.codigo, certificado: data.certificado };
  })()`);
}

/** Puts a boarding of `codigo`, scanned now, in the offline queue (muelle-offline, store offline) as lib/offline/cola does. */
function encolarEmbarque(page: Page, codigo: string) {
  return page.evaluate<{ id: string; ocurrido_en: number }>(`new Promise((resolve, reject) => {
    const ahora = Date.now();
    const accion = { id: crypto.randomUUID(), tipo: 'embarque', ocurrido_en: ahora, datos: { codigo: ${JSON.stringify(codigo)} },
      estado: 'pendiente', intentos: 0, orden: ahora * 1000 };
    const abrir = indexedDB.open('muelle-offline');
    abrir.onerror = () => reject(abrir.error);
    abrir.onsuccess = () => {
      const tx = abrir.result.transaction('offline', 'readwrite');
      tx.objectStore('offline').add(accion);
      tx.oncomplete = () => { abrir.result.close(); resolve({ id: accion.id, ocurrido_en: ahora }); };
      tx.onerror = () => reject(tx.error);
    };
  })`);
}

test('un embarque hecho sin conexión se sincroniza una sola vez con dos pestañas abiertas al volver la conexión', async ({ page, context, request }) => {
  // two users of its own, a sale, a service worker to precache, two tabs and a sync
  test.setTimeout(150_000);
  const [vendedor, lancha] = await Promise.all([usuarioPropio(request, 'vendedor'), usuarioPropio(request, 'lancha')]);
  const pasaje = await venderPorApi(request, vendedor, 'Pasajero sin señal');

  await login(page, lancha);
  const dispositivo = await registrarEsteNavegador(page, `Celular ${lancha.usuario}`.slice(0, 60));
  expect(dispositivo.certificado).toMatch(/^MUELLEDISP1\./);
  await expect(insignia(page)).toHaveText('En línea · 0 pendientes');
  await controladaPorElServiceWorker(page);

  // Every upload of the queue, from any tab of the device.
  const envios: { acciones: { id: string }[]; certificado: string; firma: string }[] = [];
  context.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/sync') envios.push(r.postDataJSON());
  });

  // The link drops; the crew member boards the passenger, and the act waits in the queue.
  await context.setOffline(true);
  const accion = await encolarEmbarque(page, pasaje.codigo_qr);
  await page.reload();
  await expect(insignia(page)).toHaveText('Sin conexión · 1 pendiente');
  const otra = await context.newPage();
  await otra.goto('/admin/dashboard');
  await expect(insignia(otra)).toHaveText('Sin conexión · 1 pendiente');

  await insignia(page).click();
  const panel = page.getByRole('dialog', { name: 'Acciones sin sincronizar' });
  const item = panel.getByRole('listitem');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('Embarque');
  await expect(item).toContainText('Código QR escaneado');
  await expect(item).toContainText('Pendiente');
  await expect(item).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  await expect(panel).toContainText('Sin conexión a Internet: las acciones se enviarán solas cuando vuelva la conexión.');
  await expect(panel.getByRole('button', { name: 'Sincronizar ahora' })).toBeDisabled();
  expect(await violaciones(page)).toEqual([]);
  await shot(page, 'panel-sin-conexion');
  await panel.getByRole('button', { name: 'Cerrar' }).click();
  await expect(panel).toBeHidden();

  // The link returns: both tabs wake their worker, one of them sends the act, once.
  await context.setOffline(false);
  await expect(insignia(page)).toHaveText('En línea · 0 pendientes', { timeout: 15_000 });
  await expect(insignia(otra)).toHaveText('En línea · 0 pendientes', { timeout: 15_000 });
  const toasts = [page, otra].map((p) => p.getByText('1 acción sincronizada correctamente'));
  await expect.poll(async () => (await Promise.all(toasts.map((t) => t.count()))).reduce((a, b) => a + b), { timeout: 10_000 }).toBe(1);
  await shot(page, 'sincronizado');

  // Still one upload after both workers' periodic checks had a chance to run again.
  await page.waitForTimeout(1_500);
  expect(envios.flatMap((e) => e.acciones.map((a) => a.id))).toEqual([accion.id]);
  expect(envios[0].certificado).toBe(dispositivo.certificado);

  // The batch went signed by the device's key. The server applied it: the ticket boarded; the same batch
  // sent again is answered as the stored one.
  expect(envios[0].firma).toMatch(/^[A-Za-z0-9_-]{86}$/);
  const supervisor = await authHeaders(request, 'supervisor');
  expect((await apiGet<{ estado: string }>(request, `/api/pasajes/${pasaje.id}`, supervisor)).estado).toBe('usado');
  const repetido = await request.post('/api/sync', { headers: await authHeaders(request, lancha), data: envios[0] });
  expect(repetido.status(), await repetido.text()).toBe(200);
  expect((await repetido.json()).data.resultados).toEqual([expect.objectContaining({ id: accion.id, estado: 'duplicada' })]);

  // The empty panel, checked by axe too.
  await insignia(otra).click();
  const vacio = otra.getByRole('dialog', { name: 'Acciones sin sincronizar' });
  await expect(vacio).toContainText('No hay acciones pendientes');
  // The sync's toasts close first: axe would measure one halfway through its fade.
  await expect(otra.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 15_000 });
  expect(await violaciones(otra)).toEqual([]);
});

test('cerrar sesión con acciones sin sincronizar pide confirmación, conserva la cola y el siguiente ingreso la sincroniza', async ({ page, context, request }) => {
  test.setTimeout(150_000);
  const [vendedor, lancha] = await Promise.all([usuarioPropio(request, 'vendedor'), usuarioPropio(request, 'lancha')]);
  const pasaje = await venderPorApi(request, vendedor, 'Pasajero del último viaje');

  await login(page, lancha);
  await registrarEsteNavegador(page, `Celular ${lancha.usuario}`.slice(0, 60));
  await controladaPorElServiceWorker(page);
  await context.setOffline(true);
  const accion = await encolarEmbarque(page, pasaje.numero_pasaje);
  await page.reload();
  await expect(insignia(page)).toHaveText('Sin conexión · 1 pendiente');

  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  const confirmar = page.getByRole('dialog', { name: 'Cerrar sesión' });
  await expect(confirmar).toContainText('Hay 1 acción sin sincronizar en este dispositivo. Queda guardada y se enviará cuando vuelva a iniciar sesión aquí con conexión.');
  expect(await violaciones(page)).toEqual([]);
  await shot(page, 'cerrar-sesion');
  await confirmar.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  expect((await registros<{ id: string }>(page, 'offline')).map((a) => a.id)).toEqual([accion.id]);

  // Back online and signed in again on this device: the worker sends what the queue kept.
  await context.setOffline(false);
  await login(page, lancha);
  await expect(page.getByText('1 acción sincronizada correctamente')).toBeVisible({ timeout: 15_000 });
  await expect(insignia(page)).toHaveText('En línea · 0 pendientes');
  const supervisor = await authHeaders(request, 'supervisor');
  expect((await apiGet<{ estado: string }>(request, `/api/pasajes/${pasaje.id}`, supervisor)).estado).toBe('usado');
  expect((await registros<{ id: string }>(page, 'offline')).map((a) => a.id)).toEqual([]);
});
