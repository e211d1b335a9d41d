import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';

// Types of internal/api/auth.go.

/** Permissions per module and action; only the boolean `true` grants an action. */
export type Permisos = Record<string, Record<string, unknown> | undefined>;

/** The company summary carried by the session user. */
export interface EmpresaResumen {
  id: number;
  nombre: string;
  logo_url: string | null;
}

/** The authenticated staff user, as returned by /auth/login and /auth/me. */
export interface Usuario {
  id: number;
  nombre_usuario: string;
  nombre: string;
  apellido: string;
  email: string;
  rol: string;
  rolInfo?: { nombre: string; permisos: Permisos } | null;
  empresa: EmpresaResumen | null;
}

/** Body of POST /auth/login. */
export interface Credentials {
  nombre_usuario: string;
  password: string;
}

/** Answer of POST /auth/login: the bearer token and its user. */
export interface LoginRespuesta {
  token: string;
  usuario: Usuario;
}

// Keys, queries and calls.

/** Query keys of the session. */
export const authKeys = {
  all: ['auth'] as const,
  me: (usuarioId: number | undefined) => [...authKeys.all, 'me', usuarioId] as const,
};

/** GET /auth/me: the stored user refreshed (role, permissions, company). */
export function meQuery(usuarioId: number | undefined) {
  return queryOptions({
    queryKey: authKeys.me(usuarioId),
    queryFn: ({ signal }) => api.get<Usuario>('/auth/me', { signal }),
  });
}

/** POST /auth/login; a 401 here is a wrong password, not an expired session. */
export function login(credentials: Credentials): Promise<LoginRespuesta> {
  return api.post<LoginRespuesta>('/auth/login', credentials, { skipAuthEvent: true });
}

/** POST /auth/logout; it reads the token before the caller clears it. */
export function logout(): Promise<unknown> {
  return api.post('/auth/logout', undefined, { skipAuthEvent: true });
}
