import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** lib/pwa afresh: whether a reload is under way is the module's own state. */
async function cargarModulo() {
  vi.resetModules();
  return import('@/lib/pwa');
}

/** What Vite's dynamic import does when a chunk cannot be loaded: the event, then the rejection. */
function fallaUnaParte(): Error {
  window.dispatchEvent(new Event('vite:preloadError', { cancelable: true }));
  return new TypeError('Failed to fetch dynamically imported module: /assets/VentaPasajesPage-viejo.js');
}

/** Whether `promesa` settled (either way) within a few turns of the event loop. */
async function seResolvio(promesa: Promise<unknown>): Promise<boolean> {
  let resuelta = false;
  promesa.then(() => (resuelta = true), () => (resuelta = true));
  await new Promise((r) => setTimeout(r, 20));
  return resuelta;
}

describe('recargarSiFaltaUnaParte', () => {
  let recargas: number;
  let dejar: () => void;
  beforeEach(() => {
    sessionStorage.clear();
    recargas = 0;
  });
  afterEach(() => {
    dejar();
    vi.useRealTimers();
  });

  it('reloads the page once when a chunk of a replaced release fails, and the lazy screen waits for it', async () => {
    const pwa = await cargarModulo();
    dejar = pwa.recargarSiFaltaUnaParte(() => recargas++);
    const error = fallaUnaParte();
    expect(recargas).toBe(1);
    expect(Number(sessionStorage.getItem(pwa.CLAVE_RECARGA))).toBeGreaterThan(Date.now() - 1_000);
    // the screen keeps its loader until the page is gone: no error screen meanwhile
    expect(await seResolvio(pwa.esperarRecarga(error))).toBe(false);
    // more chunks failing in the same page do not reload again
    fallaUnaParte();
    expect(recargas).toBe(1);
  });

  it('does not reload again right after such a reload: the failure is shown instead of a loop', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-20T12:00:00Z'), toFake: ['Date'] });
    let pwa = await cargarModulo();
    dejar = pwa.recargarSiFaltaUnaParte(() => recargas++);
    fallaUnaParte();
    dejar();
    expect(recargas).toBe(1);

    // the reloaded page (a new module, the same tab's sessionStorage) fails again at once
    vi.setSystemTime(Date.now() + pwa.VENTANA_RECARGA_MS - 1_000);
    pwa = await cargarModulo();
    dejar = pwa.recargarSiFaltaUnaParte(() => recargas++);
    const error = fallaUnaParte();
    expect(recargas).toBe(1);
    await expect(pwa.esperarRecarga(error)).rejects.toBe(error);
    dejar();

    // a later release change, in the same tab, reloads it again
    vi.setSystemTime(Date.now() + 2_000);
    pwa = await cargarModulo();
    dejar = pwa.recargarSiFaltaUnaParte(() => recargas++);
    fallaUnaParte();
    expect(recargas).toBe(2);
  });

  it('a failure with no release change pending is the screen\'s own error', async () => {
    const pwa = await cargarModulo();
    dejar = pwa.recargarSiFaltaUnaParte(() => recargas++);
    const error = new TypeError('Failed to fetch dynamically imported module');
    await expect(pwa.esperarRecarga(error)).rejects.toBe(error);
    dejar();
    // unsubscribed: a later failure does nothing
    fallaUnaParte();
    expect(recargas).toBe(0);
  });
});

describe('registrarServiceWorker', () => {
  let registros: [string, RegistrationOptions | undefined][];
  beforeEach(() => {
    registros = [];
    // the browser's side of a registration, as far as workbox-window reads it
    const registro = Object.assign(new EventTarget(), { installing: null, waiting: null, active: null });
    const contenedor = Object.assign(new EventTarget(), {
      controller: null,
      register: async (url: string, opciones?: RegistrationOptions) => {
        registros.push([String(url), opciones]);
        return registro;
      },
    });
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: contenedor });
  });
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
    Reflect.deleteProperty(document, 'readyState');
    vi.unstubAllEnvs();
  });
  const unRato = () => new Promise((r) => setTimeout(r, 50));

  it('registers nothing outside a build (the tests, the dev server)', async () => {
    const { registrarServiceWorker } = await cargarModulo();
    registrarServiceWorker();
    await unRato();
    expect(registros).toEqual([]);
  });

  it('in a build, registers /sw.js for the whole app only once the page has loaded and the browser is idle', async () => {
    vi.stubEnv('PROD', true);
    Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'loading' });
    const { registrarServiceWorker } = await cargarModulo();
    registrarServiceWorker();
    await unRato();
    expect(registros).toEqual([]);

    Reflect.deleteProperty(document, 'readyState');
    window.dispatchEvent(new Event('load'));
    await vi.waitFor(() => expect(registros).toEqual([['/sw.js', { scope: '/' }]]));
  });
});
