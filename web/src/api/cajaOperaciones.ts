import type { Schema } from './contract';
import { useCajaWrite, type Movimiento } from './caja';

// The register's operations a supervisor authorizes on the cashier's screen (internal/api/caja.go), apart
// from api/caja.ts: the boot loads that module, and only 'Gestión de Caja' needs these.

/** Body of POST /caja/retiro: a drop of cash to the safe with the supervisor's credentials. */
export type RetiroInput = Schema<'RetirarEfectivo'>;

/** POST /caja/retiro, with an Idempotency-Key per attempt (a retry drops the cash once). */
export const useRetiroCaja = () => useCajaWrite<RetiroInput, Movimiento>('/caja/retiro', 'movimientoCaja');
