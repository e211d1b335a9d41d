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

/** What the submit checks look at. */
export interface VentaACheckear {
  cajaAbierta: boolean;
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
  if (!v.cajaAbierta) return VENTA_MESSAGES.sinCaja;
  if (v.seccionId === null) return VENTA_MESSAGES.sinSeccion;
  if (v.totalPasajeros < 1) return VENTA_MESSAGES.sinPasajeros;
  if (v.medioPagoId === null) return VENTA_MESSAGES.sinMedioPago;
  if (!v.fechaViaje) return VENTA_MESSAGES.sinFecha;
  // YYYY-MM-DD strings compare in date order.
  if (v.fechaViaje < v.hoy) return VENTA_MESSAGES.fechaPasada;
  return null;
}
