/** Sale submit messages, in the order they are checked (operaciones §5). */
export const VENTA_MESSAGES = {
  sinCaja: 'No hay caja abierta. Debe abrir una caja antes de realizar ventas.',
  sinSeccion: 'Debe seleccionar una sección',
  sinPasajeros: 'Debe agregar al menos un pasajero',
  sinMedioPago: 'Debe seleccionar un medio de pago',
  sinFecha: 'Debe seleccionar una fecha de viaje',
  fechaPasada: 'La fecha de viaje no puede ser anterior a hoy',
} as const;

/**
 * A sale whose answer was lost (offline, none within the client's 10 s, a server error): it may
 * have been recorded. A retry reuses the key, so the server answers the first result, never a second sale.
 */
export const VENTA_INCIERTA = 'No sabemos si la venta se registró: reintentá para confirmarla, no se duplica';

/**
 * A register whose blind close waits for a supervisor's approval takes no sale (the server answers
 * 409 with this text): its count is final, so nothing more may go in.
 */
export const MSG_CIERRE_PENDIENTE = 'La caja tiene un cierre pendiente de aprobación de un supervisor';

/** The seller's register as the sale sees it: open, none, or open with its close waiting for approval. */
export type CajaDeVenta = 'abierta' | 'sin_caja' | 'cierre_pendiente';

/** The register's state for the sale (null: none open). */
export function cajaDeVenta(caja: { pendiente_aprobacion: boolean } | null): CajaDeVenta {
  if (!caja) return 'sin_caja';
  return caja.pendiente_aprobacion ? 'cierre_pendiente' : 'abierta';
}

/** What the submit checks look at. */
export interface VentaACheckear {
  caja: CajaDeVenta;
  seccionId: number | null;
  totalPasajeros: number;
  medioPagoId: number | null;
  /** YYYY-MM-DD or ''. */
  fechaViaje: string;
  /** Today, YYYY-MM-DD, in the company's time zone. */
  hoy: string;
}

/** The first failing check's message, or null when the sale can be sent. */
export function primerError(v: VentaACheckear): string | null {
  if (v.caja === 'sin_caja') return VENTA_MESSAGES.sinCaja;
  if (v.caja === 'cierre_pendiente') return MSG_CIERRE_PENDIENTE;
  if (v.seccionId === null) return VENTA_MESSAGES.sinSeccion;
  if (v.totalPasajeros < 1) return VENTA_MESSAGES.sinPasajeros;
  if (v.medioPagoId === null) return VENTA_MESSAGES.sinMedioPago;
  if (!v.fechaViaje) return VENTA_MESSAGES.sinFecha;
  // YYYY-MM-DD strings compare in date order.
  if (v.fechaViaje < v.hoy) return VENTA_MESSAGES.fechaPasada;
  return null;
}
