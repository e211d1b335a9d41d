import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bytesDeBase64url } from '@/lib/push';
import { makeToken, makeUsuario, signIn } from '@/testing/fixtures';
import { CLAVE_VAPID } from '@/testing/handlers/push';
import { navegadorConPush } from '@/testing/push';
import { renderApp } from '@/testing/render';
import { fail, ok, server } from '@/testing/server';
import { readSession, TOKEN_KEY, useSession, writeSession } from '@/lib/session';
import { derivarVerificador } from '@/lib/verificadorClave';

// jsdom has no IndexedDB: the device's database (its registration, the password verifiers) in a map.
const entradas = vi.hoisted(() => new Map<string, unknown>());
vi.mock('@/lib/dispositivoAlmacen', () => ({
  leerEntrada: async (entrada: string) => entradas.get(entrada),
  escribirEntradas: async (nuevas: Record<string, unknown>) => {
    for (const [entrada, valor] of Object.entries(nuevas)) {
      if (valor === undefined) entradas.delete(entrada);
      else entradas.set(entrada, structuredClone(valor));
    }
  },
}));

const FIVE_MINUTES = 300_000;
const ONE_HOUR = 3_600_000;

function trackLogout() {
  const calls: (string | null)[] = [];
  server.use(http.post('/api/auth/logout', ({ request }) => {
    calls.push(request.headers.get('Authorization'));
    return ok(null);
  }));
  return calls;
}

async function expectLoggedOut({ expirada }: { expirada: boolean }) {
  expect(await screen.findByLabelText('Usuario')).toBeInTheDocument();
  expect(screen.getByTestId('location')).toHaveTextContent('/admin/login');
  expect(readSession()).toBeNull();
  // the session that ended by itself says so on the login; a logout does not
  expect(screen.queryByText('Tu sesión expiró') !== null).toBe(expirada);
}

describe('SessionProvider', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('logs out from the header: calls the endpoint with the token, clears storage, goes to the login', async () => {
    const calls = trackLogout();
    signIn('vendedor');
    const token = localStorage.getItem(TOKEN_KEY);
    const { user } = renderApp('/admin/dashboard');

    await user.click(await screen.findByRole('button', { name: 'Cerrar sesión' }));

    await expectLoggedOut({ expirada: false });
    expect(calls).toEqual([`Bearer ${token}`]);
  });

  it('drops this browser’s push subscription on a logout, not when the session ends by itself', async () => {
    trackLogout();
    const nav = navegadorConPush({ permiso: 'granted' });
    const clave = bytesDeBase64url(CLAVE_VAPID);
    await nav.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: clave });
    server.use(http.get('/api/config/empresa', () => fail(401, 'Token revocado')));
    signIn('admin');
    const { unmount } = renderApp('/admin/dashboard');
    await expectLoggedOut({ expirada: true });
    expect(nav.pushManager.suscripcion).not.toBeNull();
    unmount();

    server.resetHandlers();
    trackLogout();
    signIn('supervisor');
    const { user } = renderApp('/admin/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Cerrar sesión' }));
    await expectLoggedOut({ expirada: false });
    await waitFor(() => expect(nav.pushManager.suscripcion).toBeNull());
  });

  it('logs out when any call answers 401', async () => {
    const calls = trackLogout();
    server.use(http.get('/api/config/empresa', () => fail(401, 'Token revocado')));
    signIn('admin');
    renderApp('/admin/dashboard');
    await expectLoggedOut({ expirada: true });
    expect(calls).toHaveLength(1);
  });

  it('logs out at load when the stored token has expired', async () => {
    writeSession({ token: makeToken(Math.floor(Date.now() / 1000) - 60), usuario: makeUsuario('admin') });
    renderApp('/admin/dashboard');
    await expectLoggedOut({ expirada: true });
  });

  it('checks the expiry every 5 minutes', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    const now = Date.now();
    writeSession({ token: makeToken(Math.floor(now / 1000) + 200), usuario: makeUsuario('admin') });
    renderApp('/admin/dashboard');
    await act(() => vi.advanceTimersByTimeAsync(FIVE_MINUTES - 1000));
    expect(readSession()).not.toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(readSession()).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/login');
  });

  it('logs out after one hour without activity; activity restarts the count', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    signIn('supervisor');
    renderApp('/admin/dashboard');

    await act(() => vi.advanceTimersByTimeAsync(ONE_HOUR - 1000));
    fireEvent.keyDown(window, { key: 'a' });
    await act(() => vi.advanceTimersByTimeAsync(ONE_HOUR - 1000));
    expect(readSession()).not.toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(readSession()).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/login');
  });

  describe('offline on a registered device', () => {
    const CLAVE = 'Ceibo62#Boya';
    afterEach(() => {
      entradas.clear();
      vi.restoreAllMocks();
    });

    /** A registered device offline, with this user's verifier unless `verificador` is false; an hour passes idle. */
    async function unaHoraSinActividad({ verificador = true } = {}) {
      signIn('supervisor');
      const id = readSession()!.usuario.id;
      entradas.set('actual', { codigo: 'K7QX', certificado: 'MUELLEDISP1.x.y' });
      if (verificador) entradas.set(`verificador:${id}`, await derivarVerificador(id, CLAVE, 1_000));
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
      const vista = renderApp('/admin/dashboard');
      vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
      await act(() => vi.advanceTimersByTimeAsync(ONE_HOUR));
      vi.useRealTimers();
      return vista;
    }

    it('locks instead of ending the session; a wrong password is refused, the right one unlocks', async () => {
      const calls = trackLogout();
      const { user } = await unaHoraSinActividad();
      expect(await screen.findByRole('heading', { name: 'Sesión bloqueada' })).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Dashboard de Supervisión' })).not.toBeInTheDocument();
      expect(readSession()).not.toBeNull();
      expect(calls).toEqual([]);

      await user.type(screen.getByLabelText('Contraseña'), 'otra{Enter}');
      expect(await screen.findByRole('alert')).toHaveTextContent('Contraseña incorrecta');
      expect(localStorage.getItem('sesion_bloqueada_intentos')).toBe('1');

      await user.type(screen.getByLabelText('Contraseña'), `${CLAVE}{Enter}`);
      expect(await screen.findByRole('heading', { name: 'Dashboard de Supervisión' })).toBeInTheDocument();
      expect(localStorage.getItem('sesion_bloqueada')).toBeNull();
      expect(screen.getByTestId('location')).toHaveTextContent('/admin/dashboard');
    });

    it('ends the session at the fifth wrong password', async () => {
      trackLogout();
      const { user } = await unaHoraSinActividad();
      for (let i = 0; i < 5; i++) {
        await user.type(await screen.findByLabelText('Contraseña'), 'otra{Enter}');
        if (i < 4) expect(await screen.findByRole('alert')).toHaveTextContent('Contraseña incorrecta');
      }
      await expectLoggedOut({ expirada: false });
      expect(await screen.findByText('Demasiados intentos: la sesión se cerró. Inicie sesión con conexión.')).toBeInTheDocument();
      expect(localStorage.getItem('sesion_bloqueada')).toBeNull();
    });

    it('ends the session as before when the device keeps no verifier of this user', async () => {
      trackLogout();
      await unaHoraSinActividad({ verificador: false });
      await expectLoggedOut({ expirada: true });
    });

    it('unlocks online by a real login', async () => {
      const logins: unknown[] = [];
      server.use(http.post('/api/auth/login', async ({ request }) => {
        logins.push(await request.json());
        return ok({ token: readSession()!.token, usuario: readSession()!.usuario });
      }));
      const { user } = await unaHoraSinActividad();
      expect(await screen.findByRole('heading', { name: 'Sesión bloqueada' })).toBeInTheDocument();
      vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
      await user.type(screen.getByLabelText('Contraseña'), `${CLAVE}{Enter}`);
      expect(await screen.findByRole('heading', { name: 'Dashboard de Supervisión' })).toBeInTheDocument();
      expect(logins).toEqual([{ nombre_usuario: readSession()!.usuario.nombre_usuario, password: CLAVE }]);
    });
  });

  it('re-reads the session when another tab changes it', async () => {
    signIn('vendedor');
    renderApp('/admin/dashboard');
    expect(await screen.findByRole('heading', { name: 'Dashboard de Ventas' })).toBeInTheDocument();

    localStorage.clear();
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: TOKEN_KEY }));
    });

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/login'));
  });

  it('refreshes the stored user from /auth/me', async () => {
    signIn('vendedor');
    server.use(http.get('/api/auth/me', () => ok(makeUsuario('supervisor'))));
    renderApp('/admin/dashboard');
    expect(await screen.findByRole('heading', { name: 'Dashboard de Supervisión' })).toBeInTheDocument();
    expect(readSession()?.usuario.rol).toBe('supervisor');
  });

  it('explains in Spanish when used outside its provider', () => {
    const Probe = () => <>{useSession().roleName}</>;
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Probe />)).toThrow('useSession debe usarse dentro de <SessionProvider>');
  });
});
