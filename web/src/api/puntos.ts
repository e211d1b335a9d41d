import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useIdempotencyKeys } from '@/lib/idempotency';
import type { Schema } from './contract';
import { puntosKeys } from './keys';

// Types of internal/api/puntos.go.

/** The company's points configuration (backoffice §3); the defaults of §9 until saved. */
export type ConfiguracionPuntos = Schema<'ConfiguracionPuntos'>;
/** A benefit points are redeemed for. */
export type Beneficio = Schema<'Beneficio'>;
/** Body of POST /puntos/beneficios and of a whole PUT. */
export type GuardarBeneficio = Schema<'GuardarBeneficio'>;
/** A benefit the customer may redeem today: `alcanza` whether the points reach it, `motivo` why not. */
export type BeneficioCliente = Schema<'BeneficioCliente'>;
/** A customer's points: balance, level, lots, history. */
export type PuntosCliente = Schema<'PuntosCliente'>;
/** One movement of a customer's points. */
export type MovimientoPuntos = Schema<'MovimientoPuntos'>;
/** Body of POST /puntos/ajustar. */
export type AjustarPuntos = Schema<'AjustarPuntos'>;
/** The kinds of benefit (backoffice §4). */
export type TipoBeneficio = Beneficio['tipo'];

export const configuracionPuntosQuery = queryOptions({
  queryKey: puntosKeys.configuracion(),
  queryFn: ({ signal }) => api.get<ConfiguracionPuntos>('/puntos/configuracion', { signal }),
});

export const beneficiosQuery = queryOptions({
  queryKey: puntosKeys.beneficios(),
  queryFn: ({ signal }) => api.get<Beneficio[]>('/puntos/beneficios', { signal }),
});

/** A customer's points, always read afresh (a sale may have just earned some). */
export function puntosClienteQuery(id: number) {
  return queryOptions({
    queryKey: puntosKeys.cliente(id),
    staleTime: 0,
    queryFn: ({ signal }) => api.get<PuntosCliente>(`/puntos/cliente/${id}`, { signal }),
  });
}

/** The benefits a customer can redeem today at the counter, always read afresh. */
export function beneficiosClienteQuery(id: number) {
  return queryOptions({
    queryKey: puntosKeys.beneficiosCliente(id),
    staleTime: 0,
    queryFn: ({ signal }) => api.get<BeneficioCliente[]>(`/puntos/cliente/${id}/beneficios`, { signal }),
  });
}

export const useConfiguracionPuntos = () => useQuery(configuracionPuntosQuery);
export const useBeneficios = () => useQuery(beneficiosQuery);

/** Saves the points configuration; resolves with the server's message. */
export function useGuardarConfiguracionPuntos() {
  const queryClient = useQueryClient();
  const keys = useIdempotencyKeys();
  return useMutation({
    mutationFn: (input: ConfiguracionPuntos) =>
      api.send<ConfiguracionPuntos>('PUT', '/puntos/configuracion', input, { idempotencyKey: keys.keyFor(input) }),
    onSuccess: (r) => {
      keys.reset();
      queryClient.setQueryData(puntosKeys.configuracion(), r.data);
      return queryClient.invalidateQueries({ queryKey: puntosKeys.all });
    },
  });
}

/** Creates (no id) or updates a benefit whole, or only its active flag (`{activo}` alone). */
export function useGuardarBeneficio() {
  const queryClient = useQueryClient();
  const keys = useIdempotencyKeys();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: GuardarBeneficio }) => {
      const options = { idempotencyKey: keys.keyFor({ id, input }) };
      return id === undefined
        ? api.send<Beneficio>('POST', '/puntos/beneficios', input, options)
        : api.send<Beneficio>('PUT', `/puntos/beneficios/${id}`, input, options);
    },
    onSuccess: () => {
      keys.reset();
      return queryClient.invalidateQueries({ queryKey: puntosKeys.all });
    },
  });
}

/** Adjusts a customer's points by hand (admin); resolves with the points after it. */
export function useAjustarPuntos() {
  const queryClient = useQueryClient();
  const keys = useIdempotencyKeys();
  return useMutation({
    mutationFn: (input: AjustarPuntos) =>
      api.send<PuntosCliente>('POST', '/puntos/ajustar', input, { idempotencyKey: keys.keyFor(input) }),
    onSuccess: (r, input) => {
      keys.reset();
      queryClient.setQueryData(puntosKeys.cliente(input.cliente_id), r.data);
      return queryClient.invalidateQueries({ queryKey: puntosKeys.cliente(input.cliente_id) });
    },
  });
}

/** The Spanish name of each kind of benefit, in the order the forms offer them. */
export const TIPOS_BENEFICIO: Record<TipoBeneficio, string> = {
  descuento_porcentaje: 'Descuento porcentual',
  descuento_fijo: 'Descuento fijo',
  pasaje_gratis: 'Pasaje gratis',
  upgrade_seccion: 'Cambio a una sección superior',
  puntos_extra: 'Puntos extra',
};

/** What a benefit gives, in words: `10 % de descuento`, `$ 500,00 de descuento`, `200 puntos extra`. */
export function describirValor(b: Pick<Beneficio, 'tipo' | 'valor'>, formatMoney: (n: number) => string): string {
  switch (b.tipo) {
    case 'descuento_porcentaje':
      return `${String(b.valor).replace('.', ',')} % de descuento`;
    case 'descuento_fijo':
      return `${formatMoney(b.valor)} de descuento`;
    case 'pasaje_gratis':
      return 'Un pasaje sin cargo';
    case 'upgrade_seccion':
      return 'Viaje en una sección superior';
    case 'puntos_extra':
      return `${b.valor} puntos extra`;
  }
}

/** Deletes a benefit; the server deactivates one already redeemed instead (data.desactivado). */
export function useEliminarBeneficio() {
  const queryClient = useQueryClient();
  const keys = useIdempotencyKeys();
  return useMutation({
    mutationFn: (id: number) =>
      api.send<Schema<'BeneficioEliminado'>>('DELETE', `/puntos/beneficios/${id}`, undefined, { idempotencyKey: keys.keyFor(id) }),
    onSuccess: () => {
      keys.reset();
      return queryClient.invalidateQueries({ queryKey: puntosKeys.all });
    },
  });
}
