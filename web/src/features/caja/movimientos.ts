import type { Movimiento } from '@/api/caja';
import { formatMoney, MONTO_OCULTO } from '@/lib/format';

/** Which way a movement moves the register's money; the server gives it with each movement (domain.Sentido). */
export type Sentido = Movimiento['sentido'];

/**
 * How each direction is shown, wherever money enters or leaves the register: the
 * Ingresos and Egresos cards, the movements' table, the close and its printout.
 * `color` is the badge's, `texto` an amount's (dark enough to read on white and on a striped row:
 * 'green' is the theme's AA text green; Mantine's green.9 is 4.1:1 there).
 */
export const SENTIDOS: Record<Sentido, { etiqueta: string; color: string; texto: string }> = {
  ingreso: { etiqueta: 'Ingreso', color: 'green', texto: 'green' },
  egreso: { etiqueta: 'Egreso', color: 'red', texto: 'red.9' },
};

/** What each movement type is, in words (operaciones §4). */
export const TIPOS_MOVIMIENTO: Record<Movimiento['tipo'], string> = {
  venta_pasaje: 'Venta de pasaje',
  ingreso_extra: 'Ingreso extra',
  egreso_gasto: 'Gasto',
  devolucion_pasaje: 'Devolución de pasaje',
  reactivacion_pasaje: 'Cobro por reactivación',
  retiro_caja: 'Retiro a caja fuerte',
};

/**
 * A movement as the register shows it: its direction's label and colours, its type in words, its signed
 * amount (MONTO_OCULTO when the server left it out: a cashier who counts blind).
 */
export function vistaMovimiento(m: Pick<Movimiento, 'tipo' | 'sentido' | 'monto'>) {
  const vista = { ...SENTIDOS[m.sentido], tipo: TIPOS_MOVIMIENTO[m.tipo] };
  if (m.monto === null) return { ...vista, monto: MONTO_OCULTO, texto: 'dimmed' };
  const importe = Math.abs(m.monto);
  // Negatives as everywhere: `+$ 4.500,00` or `-$ 500,00`.
  return { ...vista, monto: m.sentido === 'ingreso' ? `+${formatMoney(importe)}` : formatMoney(-importe) };
}
