import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { Schema } from './contract';
import { authKeys } from './keys';

// Types of internal/api/auth.go.

/** Permissions per module and action; only the boolean `true` grants an action (a module may be missing). */
export type Permisos = Partial<Schema<'Permisos'>>;

/** The company summary carried by the session user. */
export type EmpresaResumen = Schema<'EmpresaUsuario'>;

/** The authenticated staff user, as returned by /auth/login and /auth/me. */
export type Usuario = Schema<'Usuario'>;

/** A module code of the server (domain.CodigosModulo). */
export type CodigoModulo = Usuario['modulos'][number];

/** A built-in role (domain.RolesIntegrados); a custom role has any other name. */
export type RolIntegrado = NonNullable<Schema<'PermisosDashboard'>['tipo']>;

/** Body of POST /auth/login. */
export type Credentials = Schema<'IniciarSesion'>;

/** Answer of POST /auth/login: the bearer token and its user. */
export type LoginRespuesta = Schema<'Sesion'>;

// Queries and calls.

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

/** POST /auth/logout; it reads the token before the caller clears it, or ends `token` (a session the tab left). */
export function logout(token?: string): Promise<unknown> {
  return api.post('/auth/logout', undefined, { skipAuthEvent: true, token });
}
