import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { Schema } from './contract';
import { authKeys, modulosKeys } from './keys';

// Types of internal/api/modulos.go.

/** A company in the global administrator's pick list. */
export type EmpresaAdmin = Schema<'EmpresaAdmin'>;
/** An entry of the module catalogue. */
export type Modulo = Schema<'Modulo'>;
/** A module with one company's state of it (empresaModulos[0]). */
export type ModuloDeEmpresa = Schema<'ModuloDeEmpresa'>;
/** Body of PUT /admin/empresas/{id}/modulos/{moduloId}. */
export type ModuloInput = Schema<'GuardarModuloEmpresa'>;

/** The module categories (backoffice §2.7). */
export const CATEGORIAS_MODULO = ['core', 'ventas', 'comunicacion', 'reportes', 'gestion', 'avanzado'] as const satisfies readonly Modulo['categoria'][];

// Queries and mutations.

export const empresasAdminQuery = queryOptions({
  queryKey: modulosKeys.empresas(),
  queryFn: ({ signal }) => api.get<EmpresaAdmin[]>('/admin/empresas', { signal }),
});

export function modulosDeEmpresaQuery(empresaId: number) {
  return queryOptions({
    queryKey: modulosKeys.deEmpresa(empresaId),
    queryFn: ({ signal }) => api.get<ModuloDeEmpresa[]>(`/admin/empresas/${empresaId}/modulos`, { signal }),
  });
}

export function useEmpresasAdmin() {
  return useQuery(empresasAdminQuery);
}

export function useModulosDeEmpresa(empresaId: number | null) {
  return useQuery({ ...modulosDeEmpresaQuery(empresaId ?? 0), enabled: empresaId !== null });
}

/** Sets a company's module; the caller's own session reads its modules again. */
export function useGuardarModulo(empresaId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ moduloId, input }: { moduloId: number; input: ModuloInput }) =>
      api.send<ModuloDeEmpresa>('PUT', `/admin/empresas/${empresaId}/modulos/${moduloId}`, input),
    onSuccess: () => Promise.all([
      queryClient.invalidateQueries({ queryKey: modulosKeys.deEmpresa(empresaId) }),
      queryClient.invalidateQueries({ queryKey: authKeys.all }),
    ]),
  });
}
