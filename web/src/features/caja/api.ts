import { useCajaWrite, type Caja, type MovimientoCaja } from '../../lib/caja';

/** Types entered by hand (operaciones §4). */
export type TipoMovimientoManual = 'ingreso_extra' | 'egreso_gasto';

/** Body of POST /caja/movimiento: `monto` is always positive. */
export interface MovimientoInput {
  tipo: TipoMovimientoManual;
  monto: number;
  descripcion: string;
  medio_pago_id?: number;
}

/** Body of POST /caja/cerrar. */
export interface CerrarCajaInput {
  monto_cierre: number;
  observaciones: string;
  generar_reporte: boolean;
}

/** Answer of POST /caja/cerrar: the register plus the close figures. */
export interface CierreCaja extends Caja {
  total_ventas: number;
  efectivo_esperado: number;
  monto_cierre: number;
  diferencia: number;
  montoFinal: number;
}

/** POST /caja/movimiento. */
export const useAgregarMovimiento = () => useCajaWrite<MovimientoInput, MovimientoCaja>('/caja/movimiento');

/** POST /caja/cerrar. */
export const useCerrarCaja = () => useCajaWrite<CerrarCajaInput, CierreCaja>('/caja/cerrar');
