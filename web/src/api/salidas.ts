import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type ApiResult } from '@/lib/api';
import { fetchFile, type Archivo } from '@/lib/files';
import { useIdempotencyKeys } from '@/lib/idempotency';
import { conConsulta, type Parametros, type Schema } from './contract';
import { invalidateFor } from './invalidation';
import { publicKeys, salidasKeys } from './keys';

// Types of internal/api/salidas.go.

/** A company's boat (GET /config/embarcaciones): capacidad is its certified capacity. */
export type Embarcacion = Schema<'Embarcacion'>;
/** Body of POST and PUT /config/embarcaciones. */
export type EmbarcacionInput = Schema<'GuardarEmbarcacion'>;
/** A time of a section's timetable; dias 1 lunes … 7 domingo. */
export type Horario = Schema<'Horario'>;
/** Body of POST and PUT /horarios. */
export type HorarioInput = Schema<'GuardarHorario'>;
/** A departure with its boat, capacity and boarded count. */
export type Salida = Schema<'Salida'>;
/** Body of POST /salidas (an extra departure). */
export type SalidaExtraInput = Schema<'CrearSalida'>;
/** GET /salidas/{id}: a departure with the passengers over its boat's capacity (after a swap to a smaller boat). */
export type SalidaDetalle = Schema<'SalidaDetalle'>;
/** A passenger boarded into a departure (one of its `excedentes`). */
export type PasajeroABordo = Schema<'PasajeroABordo'>;
/** GET /public/horarios: the public timetable and today's departures. */
export type HorariosPublicos = Schema<'HorariosPublicos'>;
/** GET /salidas/{id}/manifiesto: a departure's manifest (frozen once it sailed, with its corrections). */
export type Manifiesto = Schema<'Manifiesto'>;
/** A passenger of a manifest; `correccion` set on a row a correction added. */
export type FilaManifiesto = Schema<'FilaManifiesto'>;
/** Body of POST /salidas/{id}/manifiesto/correcciones. */
export type CorreccionManifiestoInput = Schema<'CorregirManifiesto'>;

/** A departure's states, in the server's words (domain.EstadosSalida). */
export type EstadoSalida = 'programada' | 'embarcando' | 'zarpo' | 'cancelada';

/** How each state reads, and its colour. */
export const ESTADOS_SALIDA: Record<EstadoSalida, { label: string; color: string }> = {
  programada: { label: 'Programada', color: 'blue' },
  embarcando: { label: 'Embarcando', color: 'orange' },
  zarpo: { label: 'Zarpó', color: 'green' },
  cancelada: { label: 'Cancelada', color: 'gray' },
};

/** The states a departure may move to from each one (domain.TransicionSalida, checked by the server too). */
export const TRANSICIONES_SALIDA: Record<EstadoSalida, readonly EstadoSalida[]> = {
  programada: ['embarcando', 'cancelada'],
  embarcando: ['zarpo', 'programada', 'cancelada'],
  zarpo: [],
  cancelada: [],
};

/** The weekdays of a timetable, ISO (1 lunes … 7 domingo). */
export const DIAS_SEMANA = [
  { value: 1, corto: 'Lu', label: 'Lunes' },
  { value: 2, corto: 'Ma', label: 'Martes' },
  { value: 3, corto: 'Mi', label: 'Miércoles' },
  { value: 4, corto: 'Ju', label: 'Jueves' },
  { value: 5, corto: 'Vi', label: 'Viernes' },
  { value: 6, corto: 'Sá', label: 'Sábado' },
  { value: 7, corto: 'Do', label: 'Domingo' },
] as const;

/** A timetable line's or a departure's direction as staff and passengers read it. */
export function describirSentido(sentido: string): string {
  return sentido === 'vuelta' ? 'Vuelta' : 'Ida';
}

/** 'Lunes a viernes', 'Todos los días', or the days' short names. */
export function describirDias(dias: readonly number[]): string {
  const ordenados = [...dias].sort();
  if (ordenados.length === 7) return 'Todos los días';
  if (ordenados.join() === '1,2,3,4,5') return 'Lunes a viernes';
  if (ordenados.join() === '6,7') return 'Fines de semana';
  return ordenados.map((d) => DIAS_SEMANA[d - 1]?.corto ?? '').join(' ');
}

// Queries.

export const embarcacionesQuery = queryOptions({
  queryKey: salidasKeys.embarcaciones(),
  queryFn: ({ signal }) => api.get<Embarcacion[]>('/config/embarcaciones', { signal }),
});

export const horariosQuery = queryOptions({
  queryKey: salidasKeys.horarios(),
  queryFn: ({ signal }) => api.get<Horario[]>('/horarios', { signal }),
});

/** A date's departures (YYYY-MM-DD). */
export function salidasQuery(fecha: string) {
  return queryOptions({
    queryKey: salidasKeys.dia(fecha),
    queryFn: ({ signal }) => api.get<Salida[]>(conConsulta('/salidas', { fecha } satisfies Parametros<'listarSalidas'>), { signal }),
  });
}

/** A departure with its passengers over capacity (`excedentes`); boardings and moves refresh it. */
export function salidaDetalleQuery(id: number) {
  return queryOptions({
    queryKey: salidasKeys.detalle(id),
    queryFn: ({ signal }) => api.get<SalidaDetalle>(`/salidas/${id}`, { signal }),
  });
}

/** A departure's manifest; a boarding (pasajeValidado) refreshes it until it sails. */
export function manifiestoQuery(salidaId: number) {
  return queryOptions({
    queryKey: salidasKeys.manifiesto(salidaId),
    queryFn: ({ signal }) => api.get<Manifiesto>(`/salidas/${salidaId}/manifiesto`, { signal }),
  });
}

/** GET /salidas/{id}/manifiesto/exportar: the manifest as CSV, as XLSX or as the rol de pasajeros (an A4 PDF). */
export function archivoManifiesto(salidaId: number, formato: 'csv' | 'xlsx' | 'pdf'): Promise<Archivo> {
  return fetchFile(conConsulta(`/salidas/${salidaId}/manifiesto/exportar`, { formato } satisfies Parametros<'exportarManifiesto'>));
}

export const horariosPublicosQuery = queryOptions({
  queryKey: publicKeys.horarios(),
  queryFn: ({ signal }) => api.get<HorariosPublicos>('/public/horarios', { signal }),
});

// Mutations: every one refreshes this area (its writes publish configActualizada).

function useEscritura<V, T>(mutationFn: (vars: V) => Promise<ApiResult<T>>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => invalidateFor(queryClient, 'configActualizada') });
}

/** Creates (no id) or updates a boat. */
export function useGuardarEmbarcacion() {
  return useEscritura(({ id, input }: { id?: number; input: EmbarcacionInput }) =>
    id === undefined
      ? api.send<Embarcacion>('POST', '/config/embarcaciones', input)
      : api.send<Embarcacion>('PUT', `/config/embarcaciones/${id}`, input));
}

/** Activates or deactivates a boat. */
export function useActivarEmbarcacion() {
  return useEscritura(({ id, activo }: { id: number; activo: boolean }) =>
    api.send<Embarcacion>('PUT', `/config/embarcaciones/${id}/activo`, { activo }));
}

/** Creates (no id) or updates a timetable row. */
export function useGuardarHorario() {
  return useEscritura(({ id, input }: { id?: number; input: HorarioInput }) =>
    id === undefined ? api.send<Horario>('POST', '/horarios', input) : api.send<Horario>('PUT', `/horarios/${id}`, input));
}

export function useEliminarHorario() {
  return useEscritura((id: number) => api.send<null>('DELETE', `/horarios/${id}`));
}

/** Generates the timetable's departures of the coming days (each once). */
export function useGenerarSalidas() {
  return useEscritura(() => api.send<Schema<'Generacion'>>('POST', '/salidas/generar'));
}

export function useCrearSalidaExtra() {
  return useEscritura((input: SalidaExtraInput) => api.send<Salida>('POST', '/salidas', input));
}

/** A change of a departure's state; `confirmarAnticipado` answers yes to the server's question of an early sailing. */
export function useCambiarEstadoSalida() {
  return useEscritura(({ id, estado, confirmarAnticipado }: { id: number; estado: EstadoSalida; confirmarAnticipado?: boolean }) =>
    api.send<Salida>('PUT', `/salidas/${id}/estado`,
      (confirmarAnticipado ? { estado, confirmar_anticipado: true } : { estado }) satisfies Schema<'CambiarEstadoSalida'>));
}

/** The outcome of cancelling a departure with its passengers. */
export type SalidaCancelada = Schema<'SalidaCancelada'>;
/** Body of POST /salidas/{id}/cancelar. */
export type CancelarSalidaInput = Schema<'CancelarSalida'>;

/**
 * Cancels a departure with its passengers (POST /salidas/{id}/cancelar): moved to another departure or
 * refunded from the caller's register, and told. The key is kept across retries of the same request.
 */
export function useCancelarSalida() {
  const queryClient = useQueryClient();
  const keys = useIdempotencyKeys();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: CancelarSalidaInput }) =>
      api.send<SalidaCancelada>('POST', `/salidas/${id}/cancelar`, input, { idempotencyKey: keys.keyFor({ id, input }) }),
    onSuccess: () => {
      keys.reset();
      return Promise.all([invalidateFor(queryClient, 'configActualizada'), invalidateFor(queryClient, 'pasajeCancelado')]);
    },
  });
}

export function useAsignarEmbarcacion() {
  return useEscritura(({ id, embarcacionId }: { id: number; embarcacionId: number }) =>
    api.send<Salida>('PUT', `/salidas/${id}/embarcacion`, { embarcacion_id: embarcacionId }));
}

/** A crew member of a departure as it is shown, and as it is sent (PUT /salidas/{id}/tripulacion). */
export type TripulanteSalida = Schema<'TripulanteSalida'>;
export type TripulanteNuevo = Schema<'TripulanteNuevo'>;

/** Replaces a departure's crew roster (supervisors and admins) until it sails. */
export function useAsignarTripulacion() {
  return useEscritura(({ salidaId, tripulantes }: { salidaId: number; tripulantes: TripulanteNuevo[] }) =>
    api.send<TripulanteSalida[]>('PUT', `/salidas/${salidaId}/tripulacion`, { tripulantes } satisfies Schema<'AsignarTripulacion'>));
}

/** A ticket's passenger as it is named after the sale (PUT /pasajes/{id}/pasajero). */
export type PasajeroANombrar = Schema<'PasajeroVenta'>;

/** Names a boarded ticket's passenger (supervisors and admins): how a rol that requires names gets complete before sailing. */
export function useNombrarPasajero() {
  return useEscritura(({ pasajeId, pasajero }: { pasajeId: number; pasajero: PasajeroANombrar }) =>
    api.send<Schema<'PasajeroPasaje'>>('PUT', `/pasajes/${pasajeId}/pasajero`, pasajero));
}

/** Adds or removes a ticket's leg in a sailed departure's frozen manifest (supervisors and admins), with a reason. */
export function useCorregirManifiesto() {
  return useEscritura(({ salidaId, input }: { salidaId: number; input: CorreccionManifiestoInput }) =>
    api.send<Manifiesto>('POST', `/salidas/${salidaId}/manifiesto/correcciones`, input));
}

/** A boarded passenger moved into another departure: both departures after the move. */
export type MovimientoSalida = Schema<'MovimientoSalida'>;

/**
 * Moves a boarded ticket's leg into another departure under its capacity (POST /pasajes/{id}/mover-salida): a
 * passenger boarded offline without a seat goes into the departure they travelled in. The key is kept across
 * retries of the same move, so a lost answer never moves twice.
 */
export function useMoverPasaje() {
  const queryClient = useQueryClient();
  const keys = useIdempotencyKeys();
  return useMutation({
    mutationFn: ({ pasajeId, salidaId }: { pasajeId: number; salidaId: number }) =>
      api.send<MovimientoSalida>('POST', `/pasajes/${pasajeId}/mover-salida`, { salida_id: salidaId } satisfies Schema<'MoverSalida'>,
        { idempotencyKey: keys.keyFor({ pasajeId, salidaId }) }),
    onSuccess: () => {
      keys.reset();
      return invalidateFor(queryClient, 'configActualizada');
    },
  });
}
