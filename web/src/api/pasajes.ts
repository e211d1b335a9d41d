import { useCajaWrite } from './caja';
import type { Schema } from './contract';

// Types of internal/api/pasajes.go.

/** Body of POST /pasajes/lote: one sale, every ticket or none. */
export type VentaInput = Schema<'VenderPasajes'>;

/** A sold ticket (the fields the sale screen shows). */
export type Pasaje = Schema<'Pasaje'>;

/** Answer of POST /pasajes/lote. */
export type VentaCreada = Schema<'Venta'>;

// Keys and mutations.

/** Query keys of ticket lists (the ticket list screen comes with the back office). */
export const pasajesKeys = {
  all: ['pasajes'] as const,
};

/** Server message when the seller has no open register. */
export const CAJA_REQUERIDA = 'Debe abrir una caja antes de realizar ventas';

/**
 * POST /pasajes/lote; it records a movement in the register, whose state is refreshed.
 * The Idempotency-Key belongs to the sale attempt: retrying the same sale after a
 * failure sends the same key, so nothing is sold twice.
 */
export const useCrearVenta = () => useCajaWrite<VentaInput, VentaCreada>('/pasajes/lote', 'pasajeCreado');
