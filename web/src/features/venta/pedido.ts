import type { Pedido } from '@/api/pedidos';
import { confirmacionExterna } from '@/lib/tipoMedioPago';

// A sale charged with Mercado Pago QR waits for its payment as an order (docs/features/venta-diferida.md).

/** Whether a sale by `medio` is charged with a Mercado Pago QR: an order, not a sale (never offline). */
export function cobraConQr(medio: Parameters<typeof confirmacionExterna>[0] | undefined): boolean {
  return medio !== undefined && confirmacionExterna(medio);
}

/** The QR expires at Mercado Pago this long before the order (the grace that lets a late payment be learned). */
export const GRACIA_VENCIMIENTO_MS = 2 * 60_000;

/** Said when the QR method is chosen and the link dropped before the charge was sent. */
export const MSG_QR_SIN_CONEXION = 'Sin conexión no se puede cobrar con Mercado Pago QR: cobrá con otro medio de pago';

/** Why an order that did not complete was released: the server's reason, else its state's. */
export function motivoLiberado(pedido: Pick<Pedido, 'estado' | 'falla'>): string {
  if (pedido.falla) return pedido.falla;
  return pedido.estado === 'vencido' ? 'El cobro venció sin pago' : 'Cobro cancelado';
}
