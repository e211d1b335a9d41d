import { formatMoney } from '@/lib/format';

/** Types listed as income (operaciones §4); every other type is an expense. */
const TIPOS_INGRESO = new Set(['ingreso', 'ingreso_extra', 'venta_pasaje', 'venta', 'apertura']);

/** Whether a movement of this type adds to the register. */
export function esIngreso(tipo: string): boolean {
  return TIPOS_INGRESO.has(tipo);
}

/** The amount with its sign, negatives as everywhere: `+$ 4.500,00` or `-$ 500,00`. */
export function montoConSigno(tipo: string, monto: number): string {
  const importe = Math.abs(monto);
  return esIngreso(tipo) ? `+${formatMoney(importe)}` : formatMoney(-importe);
}
