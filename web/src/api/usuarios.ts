import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { conConsulta, type Parametros, type Schema } from './contract';
import { usuariosKeys } from './keys';

// Types of internal/api/usuarios.go.

/** A user of the company as user management shows it. */
export type UsuarioGestion = Schema<'UsuarioGestion'>;
/** Body of POST and PUT /config/usuarios. */
export type GuardarUsuario = Schema<'GuardarUsuario'>;
/** Answer of POST /config/usuarios: the user and, once, its generated password. */
export type UsuarioCreado = Schema<'UsuarioCreado'>;
/** A generated password and until when it is valid. */
export type CredencialesTemporales = Schema<'CredencialesTemporales'>;
/** Roles the caller may grant, statistics and restrictions (GET /config/usuarios/roles-info). */
export type RolesInfo = Schema<'RolesInfo'>;
/** The policy's verdict on a password. */
export type ValidacionPassword = Schema<'ValidacionPassword'>;
/** Body of PUT /usuarios/cambiar-contrasena. */
export type CambiarContrasena = Schema<'CambiarContrasena'>;
/** Answer of PUT /usuarios/cambiar-contrasena: the fresh token of this session (every other one ended). */
export type ClaveCambiada = Schema<'ClaveCambiada'>;

// Queries and mutations.

/** The company's users (GET /config/usuarios). */
export const usuariosQuery = queryOptions({
  queryKey: usuariosKeys.lista(),
  queryFn: ({ signal }) => api.get<UsuarioGestion[]>('/config/usuarios', { signal }),
});

/** A user of the company in brief: id, login and names. */
export type UsuarioBasico = Schema<'UsuarioBasico'>;

/** The company's users in brief (GET /usuarios, usuarios.ver): whom a departure's crew may name. */
export const usuariosBasicosQuery = queryOptions({
  queryKey: usuariosKeys.basicos(),
  queryFn: ({ signal }) => api.get<UsuarioBasico[]>('/usuarios', { signal }),
});

/** Roles the caller may grant and users per role (GET /config/usuarios/roles-info). */
export const rolesInfoQuery = queryOptions({
  queryKey: usuariosKeys.rolesInfo(),
  queryFn: ({ signal }) => api.get<RolesInfo>('/config/usuarios/roles-info', { signal }),
});

export function useUsuarios() {
  return useQuery(usuariosQuery);
}

export function useRolesInfo() {
  return useQuery(rolesInfoQuery);
}

function useInvalidarUsuarios() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: usuariosKeys.all });
}

/**
 * Creates (no id) or updates a user with the form's Idempotency-Key; resolves with the
 * server's message and, for a creation with a generated password, its credentials.
 */
export function useGuardarUsuario() {
  const invalidar = useInvalidarUsuarios();
  return useMutation({
    mutationFn: async ({ id, input, key }: { id?: number; input: GuardarUsuario; key: string }) => {
      if (id !== undefined) {
        const { message } = await api.send<UsuarioGestion>('PUT', `/config/usuarios/${id}`, input, { idempotencyKey: key });
        return { message, credenciales: null };
      }
      const { data, message } = await api.send<UsuarioCreado>('POST', '/config/usuarios', input, { idempotencyKey: key });
      return { message, credenciales: data.credenciales_temporales ?? null };
    },
    onSuccess: invalidar,
  });
}

/** Deletes a user; the server deactivates it instead when it has history or is a passenger. */
export function useEliminarUsuario() {
  const invalidar = useInvalidarUsuarios();
  return useMutation({
    mutationFn: ({ id, key }: { id: number; key: string }) =>
      api.send<{ desactivado: boolean }>('DELETE', `/config/usuarios/${id}`, undefined, { idempotencyKey: key }),
    onSuccess: invalidar,
  });
}

/** GET /config/generar-passwords: three readable passwords from the server. */
export function generarPasswords(): Promise<string[]> {
  const path = conConsulta('/config/generar-passwords', { count: 3, readable: true } satisfies Parametros<'generarPasswords'>);
  return api.get<Schema<'PasswordsGeneradas'>>(path).then((d) => d.passwords);
}

/** POST /usuarios/validar-contrasena: the policy's verdict for the session user. */
export function validarContrasena(password: string, signal?: AbortSignal): Promise<ValidacionPassword> {
  return api.post<ValidacionPassword>('/usuarios/validar-contrasena', { password }, { signal });
}

/** POST /config/validar-password: the verdict for the user being created or edited. */
export function validarPasswordDe(
  input: Schema<'ValidarPasswordDe'>,
  signal?: AbortSignal,
): Promise<ValidacionPassword> {
  return api.post<ValidacionPassword>('/config/validar-password', input, { signal });
}

/** PUT /usuarios/cambiar-contrasena. */
export function cambiarContrasena(input: CambiarContrasena): Promise<ClaveCambiada> {
  return api.put<ClaveCambiada>('/usuarios/cambiar-contrasena', input);
}
