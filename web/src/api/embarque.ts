import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, type ApiResult } from '@/lib/api';
import { invalidateFor } from './invalidation';

// Types of internal/api/embarque.go.

/** A successful boarding: POST /pasajes/validar-qr and /pasajes/{id}/validar-embarque. */
export interface Embarque {
  id: number;
  numero_pasaje: string;
  fecha_viaje: string;
  fecha_embarque: string;
  estado: string;
  cliente: { nombre: string };
  seccion: { nombre: string };
  tipo_viaje: { nombre: string };
  validado_por: string;
}

/** Data of the refusal of a ticket that already boarded. */
export interface EmbarquePrevio {
  numero_pasaje?: string;
  fecha_embarque: string | null;
  validado_por?: string;
}

/** Tickets of a travel date: all, boarded and still to board. */
export interface ConteoEmbarque {
  total: number;
  embarcados: number;
  pendientes: number;
}

/** GET /pasajes/estadisticas-embarque. */
export interface EstadisticasEmbarque {
  hoy: ConteoEmbarque;
  usuario: { validados_hoy: number };
}

/** A ticket of the passenger list (the fields the list uses). */
export interface Pasajero {
  id: number;
  numero_pasaje: string;
  cliente_nombre: string;
  seccion_nombre: string;
  tipo_viaje_nombre: string;
  estado: string;
  fecha_embarque: string | null;
}

/** GET /pasajes/por-fecha: the list narrowed by the filters, the counts of the whole date. */
export interface PasajerosDelDia {
  fecha: string;
  pasajes: Pasajero[];
  stats: ConteoEmbarque;
}

/** Filters of the passenger list; '' means "all". */
export interface FiltrosPasajeros {
  fecha: string;
  seccion_id: string;
  tipo_viaje_id: string;
  embarcado: '' | 'true' | 'false';
}

/** Boarding state of one section on one travel date. */
export interface ViajeSeccion extends ConteoEmbarque {
  seccion_id: number;
  seccion_nombre: string;
  capacidad: number;
  porcentaje: number;
  completo: boolean;
}

/** The sections with tickets on one travel date. */
export interface ViajesDelDia {
  fecha: string;
  secciones: ViajeSeccion[];
}

/** GET /pasajes/por-fecha?tipo=programado. */
export interface ViajesProgramados {
  hoy: ViajesDelDia;
  manana: ViajesDelDia;
}

// Keys, queries and mutations.

/** Query keys of boarding: a validation refreshes them all. */
export const embarqueKeys = {
  all: ['embarque'] as const,
  estadisticas: () => [...embarqueKeys.all, 'estadisticas'] as const,
  pasajeros: (filtros: FiltrosPasajeros) => [...embarqueKeys.all, 'pasajeros', filtros] as const,
  viajes: () => [...embarqueKeys.all, 'viajes'] as const,
};

/** The boarding counts of today and of the user. */
export const estadisticasEmbarqueQuery = queryOptions({
  queryKey: embarqueKeys.estadisticas(),
  queryFn: ({ signal }) => api.get<EstadisticasEmbarque>('/pasajes/estadisticas-embarque', { signal }),
});

/** The passenger list of a date; empty filters are left out of the query string. */
export function pasajerosQuery(filtros: FiltrosPasajeros) {
  const params = new URLSearchParams(Object.entries(filtros).filter(([, value]) => value !== ''));
  return queryOptions({
    queryKey: embarqueKeys.pasajeros(filtros),
    queryFn: ({ signal }) => api.get<PasajerosDelDia>(`/pasajes/por-fecha?${params}`, { signal }),
  });
}

/** How often the trip status refreshes itself. */
export const VIAJES_REFRESH_MS = 30_000;

/** Trip status of today and tomorrow by section. */
export const viajesProgramadosQuery = queryOptions({
  queryKey: embarqueKeys.viajes(),
  queryFn: ({ signal }) => api.get<ViajesProgramados>('/pasajes/por-fecha?tipo=programado', { signal }),
  refetchInterval: VIAJES_REFRESH_MS,
});

/** Retries a write once when the server never answered; the same Idempotency-Key makes it safe. */
export function retryWithoutAnswer(failureCount: number, error: Error): boolean {
  return failureCount < 1 && error instanceof ApiError && error.status === 0;
}

/** A boarding write: retried once without an answer, then the boarding figures are refreshed (also after a refusal). */
function useEmbarqueWrite<I>(mutationFn: (input: I) => Promise<ApiResult<Embarque>>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    retry: retryWithoutAnswer,
    onSettled: () => invalidateFor(queryClient, 'pasajeValidado'),
  });
}

/** Boards a scanned QR code or a typed ticket number (POST /pasajes/validar-qr); one key per scan. */
export function useValidarCodigo() {
  return useEmbarqueWrite(({ codigo, clave }: { codigo: string; clave: string }) =>
    api.send<Embarque>('POST', '/pasajes/validar-qr', { codigo_qr: codigo }, { idempotencyKey: clave }));
}

/** The Validar button of the passenger list (POST /pasajes/{id}/validar-embarque). */
export function useValidarPasaje() {
  return useEmbarqueWrite(({ id, clave }: { id: number; clave: string }) =>
    api.send<Embarque>('POST', `/pasajes/${id}/validar-embarque`, undefined, { idempotencyKey: clave }));
}
