import type { Schema } from './contract';
import { useCajaWrite, type Movimiento } from './caja';

// The register's operations a supervisor authorizes on the cashier's screen (internal/api/caja.go), apart
// from api/caja.ts: the boot loads that module, and only 'Gestión de Caja' needs these.

/** Body of POST /caja/retiro: a drop of cash to the safe with the supervisor's credentials. */
export type RetiroInput = Schema<'RetirarEfectivo'>;

/** Body of POST /caja/relevo: the outgoing seller's count, the incoming seller's credentials and opening. */
export type RelevoInput = Schema<'RelevarCaja'>;

/** Answer of POST /caja/relevo: the outgoing close, the incoming register and the incoming seller's session. */
export type RelevoCaja = Schema<'RelevoCaja'>;

/** POST /caja/relevo, with an Idempotency-Key per attempt (a retry hands over once). */
export const useRelevoCaja = () => useCajaWrite<RelevoInput, RelevoCaja>('/caja/relevo', 'cajaAbierta');

/** POST /caja/retiro, with an Idempotency-Key per attempt (a retry drops the cash once). */
export const useRetiroCaja = () => useCajaWrite<RetiroInput, Movimiento>('/caja/retiro', 'movimientoCaja');
