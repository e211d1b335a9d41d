import { createContext } from 'react';
import type { Credentials, StoredSession, Usuario } from './types';

/** What useSession() returns. */
export interface SessionValue {
  usuario: Usuario | null;
  token: string | null;
  isAuthenticated: boolean;
  /** rolInfo.nombre, else rol; null when nobody is logged in. */
  roleName: string | null;
  isAdmin: boolean;
  isVendedor: boolean;
  /** True only when permisos[module][action] === true. */
  can: (module: string, action: string) => boolean;
  /** Calls POST /auth/login and stores the session; throws ApiError. */
  login: (credentials: Credentials) => Promise<void>;
  /** Ends the session and goes to /login. */
  logout: () => void;
  /** The last session ended by itself (expiry, inactivity, a 401: an expired, revoked or forged token),
   * not by a logout or a login since: the login says 'Tu sesión expiró'. */
  sesionExpirada: boolean;
  /** Records that the user changed the password: no change is pending any more, and the
   * session goes on with the fresh token the server answered (the old one ended). */
  claveCambiada: (token: string) => void;
  /** A shift handover on this screen (POST /caja/relevo): the tab goes on as the incoming seller with the
   * session the server answered (the caller ends the outgoing one: features/caja RelevoModal). */
  relevar: (sesion: StoredSession) => void;
}

export const SessionContext = createContext<SessionValue | null>(null);
