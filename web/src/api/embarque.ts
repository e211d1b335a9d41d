import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, type ApiResult } from '@/lib/api';
import { invalidateFor, type DomainEvent } from './invalidation';
import { conConsulta, type Consulta, type Filtros, type Parametros, type Schema } from './contract';
import { embarqueKeys } from './keys';

// Types of internal/api/embarque.go.

/** A successful boarding: POST /pasajes/validar-qr and /pasajes/{id}/validar-embarque. */
export type Embarque = Schema<'Embarque'>;

/** Data of a boarding refused with 409: already boarded (motivo ya_embarcado) or of another day (motivo otra_fecha). */
export type RechazoEmbarque = Schema<'RechazoEmbarque'>;

/** Tickets of a travel date: all, boarded and still to board. */
export type ConteoEmbarque = Schema<'ConteoEmbarque'>;

/** GET /pasajes/estadisticas-embarque. */
export type EstadisticasEmbarque = Schema<'EstadisticasEmbarque'>;

/** A ticket of the passenger list (the fields the list uses). */
export type Pasajero = Schema<'Pasaje'>;

/** GET /pasajes/por-fecha: the list narrowed by the filters, the counts of the whole date. */
export type PasajerosDelDia = Schema<'ListaPasajeros'>;

/** Filters of the passenger list; '' means "all". */
export type FiltrosPasajeros = Filtros<Consulta<'pasajerosPorFecha'>, 'fecha' | 'seccion_id' | 'tipo_viaje_id' | 'embarcado'>;

/** Boarding state of one section on one travel date. */
export type ViajeSeccion = Schema<'ViajeSeccion'>;

/** The sections with tickets on one travel date. */
export type ViajesDelDia = Schema<'ViajesDelDia'>;

/** GET /pasajes/por-fecha?tipo=programado. */
export type ViajesProgramados = Schema<'ViajesProgramados'>;

// Queries and mutations.

/** The boarding counts of today and of the user. */
export const estadisticasEmbarqueQuery = queryOptions({
  queryKey: embarqueKeys.estadisticas(),
  queryFn: ({ signal }) => api.get<EstadisticasEmbarque>('/pasajes/estadisticas-embarque', { signal }),
});

/** The passenger list of a date; empty filters are left out of the query string. */
export function pasajerosQuery(filtros: FiltrosPasajeros) {
  const path = conConsulta('/pasajes/por-fecha', filtros satisfies Parametros<'pasajerosPorFecha'>);
  return queryOptions({
    queryKey: embarqueKeys.pasajeros(filtros),
    queryFn: ({ signal }) => api.get<PasajerosDelDia>(path, { signal }),
  });
}

/** How often the trip status refreshes itself. */
const VIAJES_REFRESH_MS = 30_000;

/** Trip status by section of a date (YYYY-MM-DD; '' today) and of the day after it. */
export function viajesProgramadosQuery(fecha = '') {
  const path = conConsulta('/pasajes/por-fecha', { tipo: 'programado', fecha } satisfies Parametros<'pasajerosPorFecha'>);
  return queryOptions({
    queryKey: embarqueKeys.viajes(fecha),
    queryFn: ({ signal }) => api.get<ViajesProgramados>(path, { signal }),
    refetchInterval: VIAJES_REFRESH_MS,
  });
}

/** Retries a write once when the server never answered; the same Idempotency-Key makes it safe. */
function retryWithoutAnswer(failureCount: number, error: Error): boolean {
  return failureCount < 1 && error instanceof ApiError && error.status === 0;
}

/**
 * A boarding write: retried once without an answer, then what `event` makes stale is
 * refreshed (also after a refusal: the state on screen may be the stale one).
 */
function useEmbarqueWrite<I, T>(event: DomainEvent, mutationFn: (input: I) => Promise<ApiResult<T>>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    retry: retryWithoutAnswer,
    onSettled: () => invalidateFor(queryClient, event),
  });
}

/** A scan: the code, whether another day was confirmed, its Idempotency-Key and the departure it boards into (if any). */
export interface Escaneo {
  codigo: string;
  confirmarFecha: boolean;
  clave: string;
  salidaId?: number | null;
}

/**
 * Boards a scanned QR code or a typed ticket number (POST /pasajes/validar-qr); one key per scan.
 * A ticket of another day than today boards only with confirmarFecha (else 409, motivo otra_fecha).
 * With salidaId it boards into that departure (a full boat is 409 'Embarcación completa: …').
 */
export function useValidarCodigo() {
  return useEmbarqueWrite('pasajeValidado', ({ codigo, confirmarFecha, clave, salidaId }: Escaneo) =>
    api.send<Embarque>('POST', '/pasajes/validar-qr', {
      codigo_qr: codigo,
      ...(confirmarFecha && { confirmar_fecha: true }),
      ...(salidaId != null && { salida_id: salidaId }),
    } satisfies Schema<'ValidarCodigo'>, { idempotencyKey: clave }));
}

/** The Validar button of the passenger list (POST /pasajes/{id}/validar-embarque). */
export function useValidarPasaje() {
  return useEmbarqueWrite('pasajeValidado', ({ id, clave }: { id: number; clave: string }) =>
    api.send<Embarque>('POST', `/pasajes/${id}/validar-embarque`, undefined, { idempotencyKey: clave }));
}

/** Undoes the caller's boarding of moments ago (POST /pasajes/{id}/deshacer-embarque): the ticket is pending again. */
export function useDeshacerEmbarque() {
  return useEmbarqueWrite('pasajeValidacionDeshecha', ({ id, clave }: { id: number; clave: string }) =>
    api.send<Pasajero>('POST', `/pasajes/${id}/deshacer-embarque`, undefined, { idempotencyKey: clave }));
}
