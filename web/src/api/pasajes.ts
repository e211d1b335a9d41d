import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type ApiResult } from '@/lib/api';
import { fetchFile, type Archivo } from '@/lib/files';
import { newIdempotencyKey } from '@/lib/idempotency';
import { useCajaWrite } from './caja';
import { invalidateFor } from './invalidation';
import type { Schema } from './contract';
import { pasajesKeys } from './keys';

// Types of internal/api/pasajes.go and tickets.go.

/** Body of POST /pasajes/lote: one sale, every ticket or none. */
export type VentaInput = Schema<'VenderPasajes'>;

/** A sold ticket (operaciones §3) with its customer, section, trip type and seller. */
export type Pasaje = Schema<'Pasaje'>;

/** Answer of POST /pasajes/lote. */
export type VentaCreada = Schema<'Venta'>;

/** GET /pasajes: one page and the figures of the whole filter. */
export type ListadoPasajes = Schema<'ListadoPasajes'>;

/** Body of PUT /pasajes/{id}/cancelar and /reactivar. */
export type AnularPasaje = Schema<'AnularPasaje'>;

/** Ticket states (operaciones §4). */
export type EstadoPasaje = 'activo' | 'cancelado' | 'usado';

/** Filters of the ticket list; '' means "all". Dates are YYYY-MM-DD (the sale's business day). */
export interface FiltrosPasajes {
  busqueda: string;
  fecha_inicio: string;
  fecha_fin: string;
  estado: '' | EstadoPasaje;
  /** Only this seller's tickets ('Mis Ventas'); the server narrows a vendedor to its own anyway. */
  usuario_id?: number;
}

/** Page size of the ticket list (operaciones §9). */
export const PASAJES_POR_PAGINA = 10;

// Queries and mutations.

/** The filters as a query string; empty values are left out. */
export function filtrosParams(filtros: FiltrosPasajes): URLSearchParams {
  const valores = { ...filtros, busqueda: filtros.busqueda.trim() };
  return new URLSearchParams(Object.entries(valores).flatMap(([k, v]) => (v === '' || v === undefined ? [] : [[k, String(v)]])));
}

/** One page of the ticket list (page from 1); the previous page stays on screen while the next loads. */
export function pasajesQuery(filtros: FiltrosPasajes, page: number, limit = PASAJES_POR_PAGINA) {
  const params = filtrosParams(filtros);
  params.set('page', String(page));
  params.set('limit', String(limit));
  return queryOptions({
    queryKey: pasajesKeys.lista(filtros, page, limit),
    queryFn: ({ signal }) => api.get<ListadoPasajes>(`/pasajes?${params}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** One ticket (GET /pasajes/{id}). */
export function pasajeQuery(id: number) {
  return queryOptions({
    queryKey: pasajesKeys.detalle(id),
    queryFn: ({ signal }) => api.get<Pasaje>(`/pasajes/${id}`, { signal }),
  });
}

/** GET /pasajes/export: the CSV of the filters, with the server's file name. */
export function exportarPasajes(filtros: FiltrosPasajes): Promise<Archivo> {
  return fetchFile(`/pasajes/export?${filtrosParams(filtros)}`);
}

/** GET /pasajes/{id}/qr: the QR code as a PNG. */
export function qrPasaje(id: number): Promise<Archivo> {
  return fetchFile(`/pasajes/${id}/qr`);
}

/** GET /tickets/ticket/{id}/pdf: the ticket as a PDF named ticket-{id}.pdf. */
export function pdfPasaje(id: number): Promise<Archivo> {
  return fetchFile(`/tickets/ticket/${id}/pdf`);
}

/**
 * POST /pasajes/lote; it records a movement in the register, whose state is refreshed.
 * The Idempotency-Key belongs to the sale attempt: retrying the same sale after a
 * failure sends the same key, so nothing is sold twice.
 */
export const useCrearVenta = () => useCajaWrite<VentaInput, VentaCreada>('/pasajes/lote', 'pasajeCreado');

/** A cancel or reactivation: which ticket, why, and the key of this attempt. */
export interface CambioEstado {
  id: number;
  motivo?: string;
  /** One key per confirmed attempt (a retry of the same attempt reuses it). */
  clave?: string;
}

function useCambioEstado(accion: 'cancelar' | 'reactivar', event: 'pasajeCancelado' | 'pasajeReactivado') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, motivo, clave }: CambioEstado): Promise<ApiResult<Pasaje>> => {
      const body: AnularPasaje = motivo?.trim() ? { motivo: motivo.trim() } : {};
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
