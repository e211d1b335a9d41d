import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useIdempotencyKeys } from '@/lib/idempotency';
import { invalidateFor } from './invalidation';
import type { Schema } from './contract';
import { empresasKeys } from './keys';

// Types of internal/api/empresas.go and empresa_configuraciones.go.

/** A company of the super administrator's list (GET /config/empresas). */
export type EmpresaListada = Schema<'EmpresaListada'>;
/** Body of POST and PUT /config/empresas. */
export type EmpresaInput = Schema<'GuardarEmpresa'>;
/** Answer of POST /config/empresas: the company and its admin's temporary password. */
export type EmpresaCreada = Schema<'EmpresaCreada'>;
/** A user of the users-by-company table. */
export type UsuarioDeEmpresa = Schema<'UsuarioDeEmpresa'>;
/** A company's figures. */
export type EstadisticasEmpresa = Schema<'EstadisticasEmpresa'>;
/** A company's settings and the presets. */
export type ConfiguracionesEmpresa = Schema<'ConfiguracionesEmpresa'>;
/** One per-company setting. */
export type ConfiguracionEmpresa = Schema<'ConfiguracionEmpresa'>;
/** Body of PUT /config/empresa (general configuration). */
export type EmpresaActualInput = Schema<'GuardarEmpresaActual'>;

/** Every company with its user count (super_admin). */
export const empresasQuery = queryOptions({
  queryKey: empresasKeys.lista(),
  queryFn: ({ signal }) => api.get<EmpresaListada[]>('/config/empresas', { signal }),
});

/** A company's users (GET /config/empresas/{id}/usuarios). */
export function usuariosDeEmpresaQuery(id: number) {
  return queryOptions({
    queryKey: empresasKeys.usuarios(id),
    queryFn: ({ signal }) => api.get<{ usuarios: UsuarioDeEmpresa[] }>(`/config/empresas/${id}/usuarios`, { signal }),
    select: (d) => d.usuarios,
  });
}

/** A company's figures (GET /admin/empresas/{id}/estadisticas). */
export function estadisticasEmpresaQuery(id: number) {
  return queryOptions({
    queryKey: empresasKeys.estadisticas(id),
    queryFn: ({ signal }) => api.get<EstadisticasEmpresa>(`/admin/empresas/${id}/estadisticas`, { signal }),
  });
}

/** A company's settings and the presets. */
export function configuracionesEmpresaQuery(id: number) {
  return queryOptions({
    queryKey: empresasKeys.configuraciones(id),
    queryFn: ({ signal }) => api.get<ConfiguracionesEmpresa>(`/admin/empresas/${id}/configuraciones`, { signal }),
  });
}

/**
 * A company write: sent with the Idempotency-Key of its body (a retry of the same body after a failure reuses
 * it, so the server does it once), invalidating what it changes once it succeeded.
 */
function useConfigMutation<V, R>(mutationFn: (v: V, options: { idempotencyKey: string }) => Promise<R>) {
  const queryClient = useQueryClient();
  const keys = useIdempotencyKeys();
  return useMutation({
    mutationFn: (v: V) => mutationFn(v, { idempotencyKey: keys.keyFor(v) }),
    onSuccess: () => {
      keys.reset();
      return invalidateFor(queryClient, 'configActualizada');
    },
  });
}

/** Creates (no id) or edits a company. */
export function useGuardarEmpresa() {
  return useConfigMutation(({ id, input }: { id?: number; input: EmpresaInput }, options) =>
    id === undefined
      ? api.send<EmpresaCreada | EmpresaListada>('POST', '/config/empresas', input, options)
      : api.send<EmpresaCreada | EmpresaListada>('PUT', `/config/empresas/${id}`, input, options),
  );
}

/** Deactivates a company (DELETE /config/empresas/{id}). */
export function useDesactivarEmpresa() {
  return useConfigMutation((id: number, options) =>
    api.send<EmpresaListada>('DELETE', `/config/empresas/${id}`, undefined, options),
  );
}

/** Creates or replaces one setting of a company. */
export function useGuardarConfiguracion(empresaId: number) {
  return useConfigMutation(({ clave, valor, descripcion }: { clave: string; valor: string; descripcion: string }, options) =>
    api.send<ConfiguracionEmpresa>(
      'PUT',
      `/admin/empresas/${empresaId}/configuraciones/${encodeURIComponent(clave)}`,
      { valor, descripcion },
      options,
    ),
  );
}

/** Saves the general configuration of the caller's company. */
export function useGuardarEmpresaActual() {
  return useConfigMutation((input: EmpresaActualInput, options) => api.send('PUT', '/config/empresa', input, options));
}

/** Uploads the company logo (multipart field `logo`; the upload replaces the logo, no key needed). */
export function useSubirLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('logo', file);
      return api.send<{ url: string }>('POST', '/config/empresa/logo', form);
    },
    onSuccess: () => invalidateFor(queryClient, 'configActualizada'),
  });
}
