import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, type ApiResult } from '@/lib/api';
import { fetchFile, type Archivo } from '@/lib/files';
import { registrarImpresiones } from '@/lib/impresion/ventana';
import { newIdempotencyKey, useIdempotencyKeys } from '@/lib/idempotency';
import { useCajaWrite } from './caja';
import { invalidateFor } from './invalidation';
import { conConsulta, type Consulta, type Filtros, type Parametros, type Schema } from './contract';
import { pasajesKeys } from './keys';

// Types of internal/api/pasajes.go and tickets.go.

/** Body of POST /pasajes/lote: one sale, every ticket or none. */
export type VentaInput = Schema<'VenderPasajes'>;

/** A sold ticket (operaciones §3) with its customer, section, trip type and seller. */
export type Pasaje = Schema<'Pasaje'>;

/**
 * A ticket as the list ('Mis Ventas' too) and its detail show it: `precio` and `precio_total` are null for a
 * ticket of the caller's open register when they count it blind (docs/features/cierre-ciego.md).
 */
export type PasajeConsultado = Schema<'PasajeConsultado'>;

/** A ticket as its detail shows it: the ticket and `impresiones`, how many times it was printed. */
export type PasajeDetalle = Schema<'PasajeDetalle'>;

/** Answer of POST /pasajes/lote. */
export type VentaCreada = Schema<'Venta'>;

/** The seats of a travel date and section: capacity, sold and left (negative when oversold). */
/** The seats of a date and section with the day's departures (GET /pasajes/disponibilidad). */
export type Disponibilidad = Schema<'Disponibilidad'>;
export type Cupo = Omit<Disponibilidad, 'salidas_del_dia'>;
export type SalidaDisponible = Schema<'SalidaDisponible'>;

/** The data of a sale refused with 409 for lack of seats (docs/features/sobreventa.md). */
export type RechazoSobreventa = Schema<'RechazoSobreventa'>;

/** A sale's confirmation past the day's seats: empty (the seller's own permission) or a supervisor's credentials. */
export type ConfirmacionSobreventa = Schema<'ConfirmacionSobreventa'>;

/** By which channels a sale's tickets can be sent now: e-mail configured and active, WhatsApp linked. */
export type CanalesEnvio = Schema<'CanalesEnvio'>;

/** GET /pasajes: one page and the figures of the whole filter. */
export type ListadoPasajes = Schema<'ListadoPasajes'>;

/** Body of PUT /pasajes/{id}/cancelar and /reactivar. */
export type AnularPasaje = Schema<'AnularPasaje'>;

/** Ticket states (operaciones §4). */
export type EstadoPasaje = Pasaje['estado'];

/** The filter of the ticket list and its export (GET /pasajes/export). */
type ConsultaFiltro = Consulta<'exportarPasajes'>;

/**
 * Filters of the ticket list; '' means "all". referencia: the payment's reference, whole (a card's
 * last four digits or authorization, a transfer's number). Dates are YYYY-MM-DD (the sale's business day);
 * usuario_id: only this seller's tickets ('Mis Ventas'; the server narrows a vendedor to its own anyway).
 */
export type FiltrosPasajes = Filtros<ConsultaFiltro, 'busqueda' | 'fecha_inicio' | 'fecha_fin' | 'estado' | 'referencia'> &
  Pick<ConsultaFiltro, 'usuario_id'>;

/** Page size of the ticket list (operaciones §9). */
export const PASAJES_POR_PAGINA = 10;

// Queries and mutations.

/** One page of the ticket list (page from 1); the previous page stays on screen while the next loads. */
export function pasajesQuery(filtros: FiltrosPasajes, page: number, limit = PASAJES_POR_PAGINA) {
  const path = conConsulta('/pasajes', { ...filtros, page, limit } satisfies Parametros<'listarPasajes'>);
  return queryOptions({
    queryKey: pasajesKeys.lista(filtros, page, limit),
    queryFn: ({ signal }) => api.get<ListadoPasajes>(path, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** One ticket (GET /pasajes/{id}). */
/**
 * Moves an active sold ticket to another departure of its section and day (PUT /pasajes/{id}/salida); the key
 * is kept across retries of the same change.
 */
export function useCambiarSalidaPasaje() {
  const queryClient = useQueryClient();
  const keys = useIdempotencyKeys();
  return useMutation({
    mutationFn: ({ pasajeId, salidaId }: { pasajeId: number; salidaId: number }) =>
      api.send<Pasaje>('PUT', `/pasajes/${pasajeId}/salida`, { salida_id: salidaId } satisfies Schema<'CambiarSalida'>,
        { idempotencyKey: keys.keyFor({ pasajeId, salidaId }) }),
    onSuccess: () => {
      keys.reset();
      return Promise.all([invalidateFor(queryClient, 'configActualizada'), queryClient.invalidateQueries({ queryKey: pasajesKeys.all })]);
    },
  });
}

export function pasajeQuery(id: number) {
  return queryOptions({
    queryKey: pasajesKeys.detalle(id),
    queryFn: ({ signal }) => api.get<PasajeDetalle>(`/pasajes/${id}`, { signal }),
  });
}

/** Read each time the after-sale dialog opens: an admin may have just set up or unlinked a channel. */
export const canalesEnvioQuery = queryOptions({
  queryKey: pasajesKeys.canalesEnvio(),
  queryFn: ({ signal }) => api.get<CanalesEnvio>('/pasajes/canales-envio', { signal }),
  staleTime: 0,
});

/** The seats left for a date and section (GET /pasajes/disponibilidad), refreshed every 30 s and after every ticket event. */
export function disponibilidadQuery(seccionId: number, fecha: string) {
  const path = conConsulta('/pasajes/disponibilidad', { seccion_id: seccionId, fecha } satisfies Parametros<'disponibilidad'>);
  return queryOptions({
    queryKey: pasajesKeys.disponibilidad(seccionId, fecha),
    queryFn: ({ signal }) => api.get<Disponibilidad>(path, { signal }),
    refetchInterval: 30_000,
  });
}

/** The seats refusal of a failed sale (409 with RechazoSobreventa), or null for any other failure. */
export function rechazoSobreventa(error: unknown): RechazoSobreventa | null {
  if (!(error instanceof ApiError) || error.status !== 409 || typeof error.data !== 'object' || error.data === null) return null;
  return 'exceso' in error.data && 'solicitados' in error.data ? (error.data as RechazoSobreventa) : null;
}

/** GET /pasajes/export: the CSV of the filters, with the server's file name. */
export function exportarPasajes(filtros: FiltrosPasajes): Promise<Archivo> {
  return fetchFile(conConsulta('/pasajes/export', filtros satisfies Parametros<'exportarPasajes'>));
}

/** GET /pasajes/{id}/qr: the QR code as a PNG. */
export function qrPasaje(id: number): Promise<Archivo> {
  return fetchFile(`/pasajes/${id}/qr`);
}

/**
 * The ticket as a PDF named ticket-{id}.pdf: one print recorded (POST /tickets/impresiones), then
 * GET /tickets/ticket/{id}/pdf of that print (from the second print on it says DUPLICADO).
 */
export async function pdfPasaje(id: number): Promise<Archivo> {
  const [impresion] = await registrarImpresiones([id], 'pdf');
  return fetchFile(`/tickets/ticket/${id}/pdf?impresion=${impresion.id}`);
}

/**
 * POST /pasajes/lote; it records a movement in the register, whose state is refreshed.
 * The Idempotency-Key belongs to the sale attempt: retrying the same sale after a
 * failure sends the same key, so nothing is sold twice.
 */
export const useCrearVenta = () => useCajaWrite<VentaInput, VentaCreada>('/pasajes/lote', 'pasajeCreado');

/**
 * A cancel or reactivation: which ticket, why and the money's reference (the body), and the key of this attempt
 * (one per confirmed attempt: a retry of the same attempt reuses it).
 */
export type CambioEstado = AnularPasaje & { id: number; clave?: string };

function useCambioEstado(accion: 'cancelar' | 'reactivar', event: 'pasajeCancelado' | 'pasajeReactivado') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, motivo, referencia, clave }: CambioEstado): Promise<ApiResult<Pasaje>> => {
      const body: AnularPasaje = { ...(motivo?.trim() && { motivo: motivo.trim() }), ...(referencia && { referencia }) };
      return api.send<Pasaje>('PUT', `/pasajes/${id}/${accion}`, body, { idempotencyKey: clave ?? newIdempotencyKey() });
    },
    // Also after a refusal: another user may have changed the ticket.
    onSettled: () => invalidateFor(queryClient, event),
  });
}

/** PUT /pasajes/{id}/cancelar: refunds the ticket from the caller's open register. */
export const useCancelarPasaje = () => useCambioEstado('cancelar', 'pasajeCancelado');

/** PUT /pasajes/{id}/reactivar: charges the ticket again into the caller's open register. */
export const useReactivarPasaje = () => useCambioEstado('reactivar', 'pasajeReactivado');
