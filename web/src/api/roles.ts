import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { conConsulta, type Parametros, type Schema } from './contract';
import { authKeys, rolesKeys } from './keys';

// Types of internal/api/roles.go.

/** A role as role management lists it (GET /config/roles). */
export type Rol = Schema<'Rol'>;
/** Body of POST and PUT /config/roles: the role form. */
export type RolInput = Schema<'GuardarRol'>;
/** The permission matrix of the role form, one object per group. */
export type PermisosRol = Schema<'PermisosRol'>;
/** What the role form offers: default new role, colours, icons, permission catalogue, levels. */
export type PlantillaRol = Schema<'PlantillaRol'>;
/** Answer of DELETE /config/roles/{id}. */
export type RolEliminado = Schema<'RolEliminado'>;

// Queries and mutations.

/** Every role, built-in and custom. */
export const rolesQuery = queryOptions({
  queryKey: rolesKeys.lista(),
  queryFn: ({ signal }) => api.get<Rol[]>('/config/roles', { signal }),
});

/** The form's template; it never changes while the app runs. */
export const plantillaRolQuery = queryOptions({
  queryKey: rolesKeys.plantilla(),
  queryFn: ({ signal }) => api.get<PlantillaRol>('/config/roles/plantilla', { signal }),
  staleTime: Infinity,
});

export function useRoles() {
  return useQuery(rolesQuery);
}

export function usePlantillaRol() {
  return useQuery(plantillaRolQuery);
}

/** A role change may change the caller's own permissions: the session is read again too. */
function useInvalidateRoles() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: rolesKeys.lista() }),
    queryClient.invalidateQueries({ queryKey: authKeys.all })]);
}

/** Creates (no id) or updates a role; resolves with the server's message. */
export function useGuardarRol() {
  const invalidate = useInvalidateRoles();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: RolInput }) =>
      id === undefined ? api.send<Rol>('POST', '/config/roles', input) : api.send<Rol>('PUT', `/config/roles/${id}`, input),
    onSuccess: invalidate,
  });
}

/** Deletes a role; its users move to `reasignarA` (required when it has users). */
export function useEliminarRol() {
  const invalidate = useInvalidateRoles();
  return useMutation({
    mutationFn: ({ id, reasignarA }: { id: number; reasignarA?: number }) =>
      api.send<RolEliminado>('DELETE', conConsulta(`/config/roles/${id}`, { reasignar_a: reasignarA || undefined } satisfies Parametros<'eliminarRol'>)),
    onSuccess: invalidate,
  });
}
