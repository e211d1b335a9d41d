import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EMPRESA, signIn } from '@/testing/fixtures';
import { fakeMediaQueryList } from '@/testing/media';
import { renderApp } from '@/testing/render';
import { fail, ok, okWithMessage, server } from '@/testing/server';
import type { Embarque, EstadisticasEmbarque } from '@/api/embarque';
import { averiguarCamara, CAMARA_NO_DISPONIBLE, motivoSinCamaraAlArrancar, SIN_CAMARA } from '@/features/embarque/validacion';
import { MODO_STORAGE_KEY } from './ValidadorPage';

const EMBARQUE: Embarque = {
  id: 125,
  numero_pasaje: 'LD-20261122-000071',
  fecha_viaje: '2026-11-22',
  fecha_embarque: '2026-11-22T13:05:00Z',
  estado: 'usado',
  cliente: { nombre: 'Juana Gómez' },
  seccion: { nombre: 'Tigre – Tres Bocas' },
  tipo_viaje: { nombre: 'Jubilado' },
  validado_por: 'lancha',
  salida_id: null,
  ida_y_vuelta: false,
};

const ESTADISTICAS: EstadisticasEmbarque = { hoy: { total: 50, embarcados: 37, pendientes: 13 }, usuario: { validados_hoy: 12 } };

interface Llamada {
  codigo: unknown;
  clave: string | null;
}

/** Answers POST /pasajes/validar-qr with `respuesta` and records each call. */
function validarQR(respuesta: () => Response): Llamada[] {
  const llamadas: Llamada[] = [];
  server.use(
    http.post('/api/pasajes/validar-qr', async ({ request }) => {
      const body = (await request.json()) as { codigo_qr: unknown };
      llamadas.push({ codigo: body.codigo_qr, clave: request.headers.get('Idempotency-Key') });
      return respuesta();
    }),
  );
  return llamadas;
}

const exito = () => okWithMessage(EMBARQUE, 'Embarque validado exitosamente');
const resultado = () => screen.getByRole('status', { name: 'Resultado de la validación' });

async function abrirModoManual(route = '/admin/validador') {
  const view = renderApp(route);
  await view.user.click(await screen.findByRole('radio', { name: 'Manual' }));
  return { ...view, input: screen.getByLabelText(/Código del pasaje/) };
}

describe('ValidadorPage', () => {
  let estadisticas: number;

  beforeEach(() => {
    estadisticas = 0;
    server.use(http.get('/api/pasajes/estadisticas-embarque', () => {
      estadisticas++;
      return ok(ESTADISTICAS);
    }));
    signIn('lancha');
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.mocked(window.matchMedia).mockImplementation((query: string) => fakeMediaQueryList(query, false));
  });

  /** The browser's camera API: `enumerateDevices` lists `dispositivos`, `getUserMedia` answers as given. */
  const conCamara = (dispositivos: string[], getUserMedia = vi.fn()) => {
    const enumerateDevices = vi.fn().mockResolvedValue(dispositivos.map((kind) => ({ kind })));
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia, enumerateDevices } });
    return getUserMedia;
  };

  /** The calm note of a device without a camera (not a red alert). */
  const notaSinCamara = () => screen.findByRole('status', { name: /Modo manual/ });

  it('remembers the last mode chosen', async () => {
    const { user, unmount } = await abrirModoManual();
    expect(localStorage.getItem(MODO_STORAGE_KEY)).toBe('"manual"');
    unmount();

    renderApp('/admin/validador');
    expect(await screen.findByLabelText(/Código del pasaje/)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Manual' })).toBeChecked();
    conCamara(['videoinput'], vi.fn(() => new Promise<MediaStream>(() => undefined)));
    await user.click(screen.getByRole('radio', { name: 'Cámara' }));
    expect(await screen.findByText('Iniciando cámara...')).toBeInTheDocument();
    expect(localStorage.getItem(MODO_STORAGE_KEY)).toBe('"camara"');
  });

  it('starts in manual mode from its first render when the boot found no camera', async () => {
    // a past clock: the boot's answer is stale (ignored) once the other tests run on the real one
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2020-01-01T12:00:00Z') });
    conCamara(['audioinput']);
    averiguarCamara();
    await vi.waitFor(() => expect(motivoSinCamaraAlArrancar()).toBe(SIN_CAMARA));
    renderApp('/admin/validador');
    expect(await notaSinCamara()).toHaveTextContent(SIN_CAMARA);
    // the camera mode never showed: it would have checked the camera again
    expect(navigator.mediaDevices.enumerateDevices).toHaveBeenCalledTimes(1);
  });

  it('starts in manual mode with a calm note on a device without a camera', async () => {
    const getUserMedia = conCamara(['audioinput', 'audiooutput']);
    renderApp('/admin/validador');
    expect(await notaSinCamara()).toHaveTextContent(SIN_CAMARA);
    expect(screen.getByLabelText(/Código del pasaje/)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(getUserMedia).not.toHaveBeenCalled();
  });

  it('goes to manual mode calmly when the camera is not found on start', async () => {
    conCamara(['videoinput'], vi.fn().mockRejectedValue(new DOMException('Requested device not found', 'NotFoundError')));
    renderApp('/admin/validador');
    expect(await notaSinCamara()).toHaveTextContent(SIN_CAMARA);
    expect(screen.getByLabelText(/Código del pasaje/)).toBeInTheDocument();
    expect(screen.queryByText('No se pudo usar la cámara')).not.toBeInTheDocument();
  });

  it('goes to manual mode calmly when the browser offers no camera at all', async () => {
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: undefined });
    renderApp('/admin/validador');
    expect(await notaSinCamara()).toHaveTextContent(CAMARA_NO_DISPONIBLE);
    expect(screen.getByLabelText(/Código del pasaje/)).toBeInTheDocument();
  });

  it('does not put the focus back in the code on a touch screen: the keyboard would hide the result', async () => {
    vi.mocked(window.matchMedia).mockImplementation((query: string) => fakeMediaQueryList(query, query === '(pointer: coarse)'));
    validarQR(exito);
    const { user, input } = await abrirModoManual();
    expect(input).not.toHaveFocus();
    await user.type(input, 'LD-20261122-000071{Enter}');
    expect(await within(resultado()).findByText('Embarque validado exitosamente')).toBeInTheDocument();
    expect(input).not.toHaveFocus();
  });

  it("shows a ticket number of the caller's company in the help texts", async () => {
    server.use(http.get('/api/config/empresa', () => ok({ ...EMPRESA, id: 2, nombre: 'Interisleña Demo', prefijo_pasaje: 'ID' })));
    const { input } = await abrirModoManual();
    await waitFor(() => expect(input).toHaveAccessibleDescription(/por ejemplo ID-\d{8}-000001/));
    expect(screen.getByText(/escriba el número del pasaje \(por ejemplo ID-\d{8}-000001\)/)).toBeInTheDocument();
    expect(screen.queryByText(/LD-/)).not.toBeInTheDocument();
  });

  it('shows the statistics cards', async () => {
    renderApp('/admin/validador');
    expect(await screen.findByText('Validados por mí')).toBeInTheDocument();
    expect(screen.getByText('Total hoy').parentElement).toHaveTextContent('50');
    expect(screen.getByText('Pendientes').parentElement).toHaveTextContent('13');
    expect(screen.getByText('Validados por mí').parentElement).toHaveTextContent('12');
  });

  it('asks for a code when the manual code is empty after trimming, without calling the server', async () => {
    const llamadas = validarQR(exito);
    const { user, input } = await abrirModoManual();
    await user.type(input, '   {Enter}');
    expect(await screen.findByText('Ingresa el código del pasaje')).toBeInTheDocument();
    expect(llamadas).toHaveLength(0);
  });

  it('validates a typed ticket number and shows the boarding in big', async () => {
    const llamadas = validarQR(exito);
    const { user, input } = await abrirModoManual();
    await user.type(input, '  LD-20261122-000071 {Enter}');

    expect(await within(resultado()).findByText('Embarque validado exitosamente')).toBeInTheDocument();
    expect(resultado()).toHaveTextContent('LD-20261122-000071');
    expect(resultado()).toHaveTextContent('Pasajero: Juana Gómez');
    expect(resultado()).toHaveTextContent('Sección: Tigre – Tres Bocas');
    expect(resultado()).toHaveTextContent('Tipo de viaje: Jubilado');
    expect(resultado()).toHaveTextContent('Embarque: 22/11/2026 10:05');
    expect(llamadas).toEqual([{ codigo: 'LD-20261122-000071', clave: expect.any(String) }]);
    expect(input).toHaveValue('');
    expect(input).toHaveFocus();
    await waitFor(() => expect(estadisticas).toBe(2));
  });

  it('refuses an already boarded ticket and tells when and by whom it boarded', async () => {
    validarQR(() => HttpResponse.json({
      success: false,
      message: 'El pasaje ya fue utilizado para embarcar',
      data: { numero_pasaje: 'LD-20261122-000071', fecha_embarque: '2026-11-22T13:05:00Z', validado_por: 'marcos' },
    }, { status: 409 }));
    const { user, input } = await abrirModoManual();
    await user.type(input, 'LD-20261122-000071{Enter}');

    expect(await screen.findByText('El pasaje ya fue utilizado para embarcar')).toBeInTheDocument();
    expect(resultado()).toHaveTextContent('Embarcado el 22/11/2026 10:05 por marcos');
    expect(input).toHaveValue('LD-20261122-000071');
    expect(input).toHaveFocus();
  });

  it('asks in amber before boarding a ticket of another day, and boards it only when confirmed', async () => {
    const cuerpos: { codigo_qr: string; confirmar_fecha?: boolean; clave: string | null }[] = [];
    server.use(http.post('/api/pasajes/validar-qr', async ({ request }) => {
      const body = (await request.json()) as { codigo_qr: string; confirmar_fecha?: boolean };
      cuerpos.push({ ...body, clave: request.headers.get('Idempotency-Key') });
      if (!body.confirmar_fecha) {
        return HttpResponse.json({
          success: false,
          message: 'Pasaje para el 28/11/2026 — ¿embarcar igual?',
          data: { motivo: 'otra_fecha', numero_pasaje: 'LD-20261125-000003', fecha_viaje: '2026-11-28' },
        }, { status: 409 });
      }
      return okWithMessage({ ...EMBARQUE, numero_pasaje: 'LD-20261125-000003', fecha_viaje: '2026-11-28' }, 'Embarque validado exitosamente');
    }));
    const { user, input } = await abrirModoManual();
    await user.type(input, 'ld20261125000003{Enter}');

    const pregunta = await within(resultado()).findByText('Pasaje para el 28/11/2026 — ¿embarcar igual?');
    expect(resultado()).toHaveTextContent('LD-20261125-000003');
    // amber, not the red of a refusal
    expect(resultado().firstElementChild?.getAttribute('style')).toContain('--mantine-color-yellow-4');
    expect(pregunta).toBeVisible();
    expect(cuerpos).toEqual([{ codigo_qr: 'ld20261125000003', clave: expect.any(String) }]);
    expect(input).toHaveValue('ld20261125000003');

    await user.click(within(resultado()).getByRole('button', { name: 'Embarcar igual' }));
    expect(await within(resultado()).findByText('Embarque validado exitosamente')).toBeInTheDocument();
    expect(cuerpos).toHaveLength(2);
    expect(cuerpos[1]).toEqual({ codigo_qr: 'ld20261125000003', confirmar_fecha: true, clave: expect.any(String) });
    expect(cuerpos[1].clave).not.toBe(cuerpos[0].clave);
    expect(input).toHaveValue('');
  });

  it('does not board a ticket of another day when the crew answers no', async () => {
    const llamadas = validarQR(() => HttpResponse.json({
      success: false,
      message: 'Pasaje para el 28/11/2026 — ¿embarcar igual?',
      data: { motivo: 'otra_fecha', numero_pasaje: 'LD-20261125-000003', fecha_viaje: '2026-11-28' },
    }, { status: 409 }));
    const { user, input } = await abrirModoManual();
    await user.type(input, 'LD-20261125-000003{Enter}');
    await user.click(await within(resultado()).findByRole('button', { name: 'No embarcar' }));
    expect(resultado()).toHaveTextContent('Listo para validar');
    expect(llamadas).toHaveLength(1);
  });

  it('offers the undo of the passenger list after a boarding', async () => {
    validarQR(exito);
    const deshechos: number[] = [];
    server.use(http.post('/api/pasajes/:id/deshacer-embarque', ({ params }) => {
      deshechos.push(Number(params.id));
      return okWithMessage({}, 'Embarque deshecho: el pasaje vuelve a estar pendiente');
    }));
    const { user, input } = await abrirModoManual();
    await user.type(input, 'LD-20261122-000071{Enter}');
    const barra = await screen.findByRole('status', { name: 'Último embarque' });
    expect(barra).toHaveTextContent('LD-20261122-000071 · Juana Gómez');
    await user.click(within(barra).getByRole('button', { name: 'Deshacer' }));
    expect(await screen.findByText('Embarque deshecho: el pasaje vuelve a estar pendiente')).toBeInTheDocument();
    expect(deshechos).toEqual([125]);
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Último embarque' })).not.toBeInTheDocument());
  });

  it("a new result takes the last boarding's bar away at once; a refusal fills the result in red and vibrates", async () => {
    const vibrate = vi.fn(() => true);
    Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true });
    let responder: (r: Response) => void = () => undefined;
    let respuesta: () => Response | Promise<Response> = exito;
    server.use(http.post('/api/pasajes/validar-qr', () => respuesta()));
    try {
      const { user, input } = await abrirModoManual();
      await user.type(input, 'LD-20261122-000071{Enter}');
      expect(await screen.findByRole('status', { name: 'Último embarque' })).toHaveTextContent('LD-20261122-000071 · Juana Gómez');
      expect(vibrate).toHaveBeenLastCalledWith([150]);

      // The next passenger: the bar goes as the code is sent, before the answer.
      respuesta = () => new Promise<Response>((resolve) => { responder = resolve; });
      await user.type(input, 'LD-20261122-000072{Enter}');
      await within(resultado()).findByText('Validando...');
      expect(screen.queryByRole('status', { name: 'Último embarque' })).not.toBeInTheDocument();
      act(() => responder(fail(409, 'Embarcación completa: capacidad habilitada 60 pasajeros')));
      expect(await within(resultado()).findByText('Embarcación completa: capacidad habilitada 60 pasajeros')).toBeInTheDocument();
      expect(resultado().firstElementChild?.getAttribute('style')).toContain('--mantine-color-red-9');
      expect(screen.queryByRole('status', { name: 'Último embarque' })).not.toBeInTheDocument();
      expect(vibrate).toHaveBeenLastCalledWith([120, 80, 120, 80, 240]);
    } finally {
      Reflect.deleteProperty(navigator, 'vibrate');
    }
  });

  it("shows the server's message of other refusals", async () => {
    validarQR(() => fail(404, 'Pasaje no encontrado'));
    const { user, input } = await abrirModoManual();
    await user.type(input, 'LD-20261122-999999{Enter}');
    expect(await screen.findByText('Pasaje no encontrado')).toBeInTheDocument();
    expect(resultado()).not.toHaveTextContent('Embarcado el');
  });

  it('retries once with the same Idempotency-Key when the server does not answer, then says so', async () => {
    const llamadas = validarQR(() => HttpResponse.error());
    const { user, input } = await abrirModoManual();
    await user.type(input, 'LD-20261122-000071{Enter}');
    expect(await screen.findByText('Error de conexión con el servidor', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(llamadas).toHaveLength(2);
    expect(llamadas[0].clave).toBeTruthy();
    expect(llamadas[1].clave).toBe(llamadas[0].clave);
  });

  it('uses a new Idempotency-Key for each validation', async () => {
    const llamadas = validarQR(exito);
    const { user, input } = await abrirModoManual();
    await user.type(input, 'LD-20261122-000071{Enter}');
    await within(resultado()).findByText('Embarque validado exitosamente');
    await user.type(input, 'LD-20261122-000072{Enter}');
    await waitFor(() => expect(llamadas).toHaveLength(2));
    expect(llamadas[1].clave).not.toBe(llamadas[0].clave);
  });

  it('clears a success after 3 seconds; a refusal stays', async () => {
    let respuesta = exito;
    validarQR(() => respuesta());
    const { input } = await abrirModoManual();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const validar = async (codigo: string) => {
      fireEvent.change(input, { target: { value: codigo } });
      fireEvent.submit(input.closest('form')!);
      await act(() => vi.advanceTimersByTimeAsync(50));
    };

    await validar('LD-20261122-000071');
    expect(resultado()).toHaveTextContent('Embarque validado exitosamente');
    await act(() => vi.advanceTimersByTimeAsync(2900));
    expect(resultado()).toHaveTextContent('Embarque validado exitosamente');
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(resultado()).toHaveTextContent('Listo para validar');

    respuesta = () => fail(404, 'Pasaje no encontrado');
    await validar('LD-20261122-999999');
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(resultado()).toHaveTextContent('Pasaje no encontrado');
  });

  it('explains in Spanish when the camera is not allowed and offers the manual mode', async () => {
    const getUserMedia = vi.fn().mockRejectedValue(new DOMException('Permission denied', 'NotAllowedError'));
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia } });
    try {
      const { user } = renderApp('/admin/validador');
      expect(await screen.findByText(/No se otorgó permiso para usar la cámara/)).toBeInTheDocument();
      expect(getUserMedia).toHaveBeenCalledWith({ video: { facingMode: 'environment' } });
      await user.click(screen.getByRole('button', { name: 'Usar modo manual' }));
      expect(screen.getByLabelText(/Código del pasaje/)).toBeInTheDocument();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('is also at /admin/validacion-embarque, inside the admin layout', async () => {
    renderApp('/admin/validacion-embarque');
    expect(await screen.findByRole('heading', { name: 'Validador de Embarque' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Menú principal' })).toBeInTheDocument();
  });

  it('opens alone at /validador for the popup window', async () => {
    renderApp('/validador');
    expect(await screen.findByRole('heading', { name: 'Validador de Embarque' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Menú principal' })).not.toBeInTheDocument();
  });

  it('is denied to a seller', async () => {
    signIn('vendedor');
    renderApp('/validador');
    expect(await screen.findByRole('heading', { name: 'Acceso Denegado' })).toBeInTheDocument();
  });
});
