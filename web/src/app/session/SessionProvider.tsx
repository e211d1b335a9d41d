import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { login as loginCall, logout as logoutCall, meQuery } from '@/api/auth';
import { UNAUTHORIZED_EVENT } from '@/lib/api';
import { useInactivo } from '@/lib/idle';
import { paths } from '@/lib/paths';
import { olvidarPushLocal } from '@/lib/push';
import {
  can, clearSession, isAdmin, isTokenExpired, isVendedor, readSession, roleName, SessionContext, TOKEN_KEY, USUARIO_KEY, writeSession,
  type Credentials, type SessionValue, type StoredSession,
} from '@/lib/session';

/** The lock's rule, its unlock and the password verifier: loaded when needed, never with the login. */
const bloqueoLib = () => import('@/lib/bloqueo');

/** Logout (or, offline on a registered device, the lock: lib/bloqueo) after this long without mouse, keyboard, touch or scroll activity. */
const INACTIVITY_TIMEOUT_MS = 3_600_000;
/** How often the token's expiry is checked. */
const TOKEN_CHECK_INTERVAL_MS = 300_000;

const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'touchstart', 'scroll', 'wheel'] as const;

/**
 * Holds the staff session and ends it on expiry, inactivity, a 401 or a logout elsewhere; offline on a
 * registered device, inactivity locks it instead (lib/bloqueo; the shell's components/PantallaBloqueo).
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [session, setSession] = useState<StoredSession | null>(readSession);
  const [sesionExpirada, setSesionExpirada] = useState(false);
  const token = session?.token ?? null;

  // GET /auth/me refreshes the stored user (role, permissions, company). An answer equal to the
  // stored user keeps its object: the screens under the session do not render again for it.
  const inactivo = useInactivo();
  const me = useQuery({ ...meQuery(session?.usuario.id), enabled: token !== null && inactivo });
  const stored = session?.usuario ?? null;
  const vigente = useMemo(
    () => (me.data && JSON.stringify(me.data) !== JSON.stringify(stored) ? me.data : (stored ?? me.data ?? null)),
    [me.data, stored],
  );
  const usuario = token ? vigente : null;

  useEffect(() => {
    if (token && me.data) writeSession({ token, usuario: me.data });
  }, [token, me.data]);

  // Ends the session and goes to the login, which says 'Tu sesión expiró' when the session ended by
  // itself (expiry, inactivity, a 401: an expired, revoked or forged token) rather than by a logout.
  // The flag lives here, not in the navigation: the route guard's own redirect to the login follows.
  const endSession = useCallback((expirada: boolean) => {
    if (readSession()) {
      // The call reads the token before clearing below; its result is ignored.
      logoutCall().catch(() => undefined);
    }
    clearSession();
    queryClient.clear();
    setSession(null);
    setSesionExpirada(expirada);
    navigate(paths.loginAlias, { replace: true });
  }, [navigate, queryClient]);
  // A logout leaves this browser: it drops its push subscription too (lib/push), the next user of
  // the browser gets none of this user's notifications. A session that ends by itself keeps it.
  const logout = useCallback(() => {
    void olvidarPushLocal();
    endSession(false);
  }, [endSession]);
  const expire = useCallback(() => endSession(true), [endSession]);

  /** A new session on this tab (a login, a shift handover): nothing cached for the one before stays. */
  const comenzar = useCallback((data: StoredSession) => {
    queryClient.clear();
    writeSession(data);
    setSession(data);
    setSesionExpirada(false);
  }, [queryClient]);

  const login = useCallback(async (credentials: Credentials) => {
    const data = await loginCall(credentials);
    comenzar(data);
    // The password the server just accepted: a registered device keeps its verifier, for an offline unlock.
    void bloqueoLib().then((b) => b.guardarVerificador(data.usuario.id, credentials.password), () => undefined);
  }, [comenzar]);

  const claveCambiada = useCallback((nuevoToken: string) => {
    const stored = readSession();
    if (!stored) return;
    const usuario = { ...stored.usuario, debe_cambiar_clave: false, estado_clave: 'vigente' as const };
    const updated = { token: nuevoToken, usuario };
    writeSession(updated);
    queryClient.setQueryData(meQuery(updated.usuario.id).queryKey, updated.usuario);
    setSession(updated);
  }, [queryClient]);

  // Token expiry: at load and every 5 minutes.
  useEffect(() => {
    if (!token) return;
    const check = () => {
      if (isTokenExpired(token)) expire();
    };
    const id = window.setTimeout(check, 0);
    const interval = window.setInterval(check, TOKEN_CHECK_INTERVAL_MS);
    return () => {
      window.clearTimeout(id);
      window.clearInterval(interval);
    };
  }, [token, expire]);

  // One hour without activity: the end of the session, or offline on a registered device the lock (lib/bloqueo:
  // the shell shows the lock screen; an hour more, online, ends the session).
  useEffect(() => {
    if (!token) return;
    const vencer = () => {
      void bloqueoLib().then((b) => b.bloquearEnVezDeCerrar(readSession()?.usuario.id), () => false).then((bloqueada) => bloqueada || expire());
    };
    let timer = window.setTimeout(vencer, INACTIVITY_TIMEOUT_MS);
    const restart = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(vencer, INACTIVITY_TIMEOUT_MS);
    };
    ACTIVITY_EVENTS.forEach((name) => window.addEventListener(name, restart, { passive: true }));
    return () => {
      window.clearTimeout(timer);
      ACTIVITY_EVENTS.forEach((name) => window.removeEventListener(name, restart));
    };
  }, [token, expire]);

  // A 401 from any call, and changes made by another tab.
  useEffect(() => {
    const onUnauthorized = () => expire();
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === TOKEN_KEY || event.key === USUARIO_KEY) setSession(readSession());
    };
    window.addEventListener(UNAUTHORIZED_EVENT, onUnauthorized);
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener(UNAUTHORIZED_EVENT, onUnauthorized);
      window.removeEventListener('storage', onStorage);
    };
  }, [expire]);

  const value = useMemo<SessionValue>(() => ({
    usuario,
    token,
    isAuthenticated: usuario !== null,
    roleName: roleName(usuario),
    isAdmin: isAdmin(usuario),
    isVendedor: isVendedor(usuario),
    can: (module, action) => can(usuario, module, action),
    login,
    logout,
    sesionExpirada,
    claveCambiada,
    relevar: comenzar,
  }), [usuario, token, login, logout, sesionExpirada, claveCambiada, comenzar]);

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
