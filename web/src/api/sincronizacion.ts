import { api } from '@/lib/api';
import type { Schema } from './contract';

// Types of internal/api/sincronizacion.go (docs/features/offline.md).

/** A batch of a device's offline acts (POST /sync): its certificate, its clock when sending and 1 to 100 acts. */
export type Sincronizar = Schema<'Sincronizar'>;
/** One act as the sync takes it: its client id, kind, device ms and its `venta` or `embarque`. */
export type AccionSync = Schema<'AccionOffline'>;
/** The answer: the device clock's offset (device minus server, ms) and each act's result in the order sent. */
export type ResultadoSincronizacion = Schema<'ResultadoSincronizacion'>;
/** One act's result: aplicada, duplicada (applied before) or rechazada, with the server's message. */
export type ResultadoSync = Schema<'ResultadoSync'>;

/** Sends one batch (POST /sync); a forged, foreign or expired certificate refuses it whole (ApiError 400). */
export function enviarLote(lote: Sincronizar): Promise<ResultadoSincronizacion> {
  return api.post<ResultadoSincronizacion>('/sync', lote);
}
