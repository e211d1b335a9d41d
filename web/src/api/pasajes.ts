import { useCajaWrite } from './caja';

// Types of internal/api/pasajes.go.

/** Body of POST /pasajes/lote: one sale, every ticket or none. */
export interface VentaInput {
  seccion_id: number;
  fecha_viaje: string;
  medio_pago_id: number;
  cliente_nombre: string;
  cliente_telefono: string;
  cliente_email: string;
  observaciones: string;
  lineas: { tipo_viaje_id: number; cantidad: number }[];
}

/** A sold ticket (the fields the sale screen shows). */
export interface Pasaje {
  id: number;
  numero_pasaje: string;
  codigo_qr: string;
  fecha_viaje: string;
  precio: number;
  estado: string;
  seccion_nombre: string;
  tipo_viaje_nombre: string;
  medio_pago_nombre: string;
  cliente_nombre: string;
}

/** Answer of POST /pasajes/lote. */
export interface VentaCreada {
  pasajes: Pasaje[];
  total: number;
}

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
