import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, server } from '@/testing/server';
import { api, ApiError, UNAUTHORIZED_EVENT } from './api';
import { writeSession } from './session';
import { makeToken, makeUsuario } from '@/testing/fixtures';

function listenUnauthorized() {
  const listener = vi.fn();
  window.addEventListener(UNAUTHORIZED_EVENT, listener);
  return { listener, stop: () => window.removeEventListener(UNAUTHORIZED_EVENT, listener) };
}

describe('api client', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('unwraps the envelope and sends the bearer token and the idempotency key', async () => {
    const token = makeToken();
    writeSession({ token, usuario: makeUsuario('vendedor') });
    let seen: Headers | undefined;
    let body: unknown;
    server.use(
      http.post('/api/pasajes', async ({ request }) => {
        seen = request.headers;
        body = await request.json();
        return ok({ id: 5, numero_pasaje: 'P-0005' });
      }),
    );

    const data = await api.post<{ id: number }>('/pasajes', { seccion_id: 1 }, { idempotencyKey: 'clave-1' });

    expect(data).toEqual({ id: 5, numero_pasaje: 'P-0005' });
    expect(body).toEqual({ seccion_id: 1 });
    expect(seen?.get('Authorization')).toBe(`Bearer ${token}`);
    expect(seen?.get('Idempotency-Key')).toBe('clave-1');
  });

  it("send keeps the server's message with the data", async () => {
    server.use(http.post('/api/config/secciones', () =>
      HttpResponse.json({ success: true, data: { id: 9 }, message: 'Sección creada exitosamente' }, { status: 201 })));
    await expect(api.send('POST', '/config/secciones', { nombre: 'Delta' }))
      .resolves.toEqual({ data: { id: 9 }, message: 'Sección creada exitosamente' });
  });

  it('sends no Authorization header without a session', async () => {
    let auth: string | null = 'unset';
    server.use(http.get('/api/health', ({ request }) => {
      auth = request.headers.get('Authorization');
      return ok({ status: 'ok', database: 'ok' });
    }));
    await api.get('/health');
    expect(auth).toBeNull();
  });

  it("throws the server's message with its status", async () => {
    server.use(http.put('/api/pasajes/3/cancelar', () => fail(403, 'No tienes permisos para realizar esta acción')));
    const error = await api.put('/pasajes/3/cancelar').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, message: 'No tienes permisos para realizar esta acción' });
  });

  it('uses the connection message when the answer has no message', async () => {
    server.use(http.get('/api/pasajes', () => new HttpResponse('<html>Bad gateway</html>', { status: 502 })));
    await expect(api.get('/pasajes')).rejects.toMatchObject({ status: 502, message: 'Error de conexión con el servidor' });
  });

  it('treats success:false as an error even with status 200', async () => {
    server.use(http.get('/api/caja/estado', () => HttpResponse.json({ success: false, message: 'No hay caja abierta' })));
    await expect(api.get('/caja/estado')).rejects.toMatchObject({ status: 200, message: 'No hay caja abierta' });
  });

  it('turns a network failure into status 0 and the connection message', async () => {
    server.use(http.get('/api/pasajes', () => HttpResponse.error()));
    await expect(api.get('/pasajes')).rejects.toMatchObject({ status: 0, message: 'Error de conexión con el servidor' });
  });

  it('dispatches the unauthorized event on a 401', async () => {
    const { listener, stop } = listenUnauthorized();
    server.use(http.get('/api/pasajes', () => fail(401, 'Token expirado')));
    await expect(api.get('/pasajes')).rejects.toMatchObject({ status: 401, message: 'Token expirado' });
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
  });

  it('does not dispatch the unauthorized event when the call asks so (login)', async () => {
    const { listener, stop } = listenUnauthorized();
    server.use(http.post('/api/auth/login', () => fail(401, 'Credenciales inválidas')));
    await expect(api.post('/auth/login', {}, { skipAuthEvent: true })).rejects.toMatchObject({ status: 401 });
    expect(listener).not.toHaveBeenCalled();
    stop();
  });

  it('gives up after 10 seconds with the connection message', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    server.use(http.get('/api/lento', () => new Promise<never>(() => {})));
    const pending = api.get('/lento').catch((e: unknown) => e);

    await vi.advanceTimersByTimeAsync(9_999);
    await expect(Promise.race([pending, Promise.resolve('pendiente')])).resolves.toBe('pendiente');
    await vi.advanceTimersByTimeAsync(1);

    expect(await pending).toMatchObject({ status: 0, message: 'Error de conexión con el servidor' });
  });
});
