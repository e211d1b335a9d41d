import { http } from 'msw';
import type { Caja, EstadoCaja, HistorialCajas, Movimiento } from '@/api/caja';
import type { ConfigCaja } from '@/api/configCaja';
import { signIn } from '@/testing/fixtures';
import { ok } from '@/testing/http';

/** Signs in a seller who may open, move and close a register and sell. */
export function signInVendedor() {
  return signIn('vendedor', {
    rolInfo: {
      nombre: 'vendedor',
      permisos: { caja: { abrir: true, cerrar: true, movimientos: true, ver: true }, pasajes: { crear: true } },
    },
  });
}

/** An open register of $ 10.000 with no movements. */
export function makeCaja(overrides: Partial<Caja> = {}): Caja {
  return {
    id: 7,
    estado: 'abierta',
    monto_apertura: 10000,
    fecha_apertura: '2026-11-22T11:30:00Z',
    observaciones: '',
    usuario_id: 7,
    usuario_nombre: 'Ana Pérez',
    usuario: { nombre_usuario: 'vendedor' },
    monto_cierre: null,
    diferencia: null,
    fecha_cierre: null,
    pendiente_aprobacion: false,
    total_ingresos: 0,
    total_egresos: 0,
    monto_actual: 10000,
    total_ventas: 0,
    efectivo_esperado: 10000,
    por_medio: [],
    ...overrides,
  };
}

/** A movement of the register. */
export function makeMovimiento(overrides: Partial<Movimiento> = {}): Movimiento {
  return {
    id: 1,
    tipo: 'venta_pasaje',
    sentido: 'ingreso',
    monto: 11250,
    descripcion: 'Venta de 3 pasajes',
    medio_pago_id: 1,
    medio_pago_nombre: 'Efectivo',
    created_at: '2026-11-22T12:05:00Z',
    ...overrides,
  };
}

/** GET /caja/estado answering with `caja` (null: no open register) and its movements. */
export function estadoCaja(caja: Caja | null, movimientos: Movimiento[] = []) {
  const estado: EstadoCaja = { cajaAbierta: caja !== null, caja, movimientos };
  return http.get('/api/caja/estado', () => ok(estado));
}

/** GET /caja/historial answering with these closed registers. */
export function historialCajas(cajas: HistorialCajas['cajas'] = []) {
  return http.get('/api/caja/historial', () => ok({ cajas, total: cajas.length }));
}

/** GET /config/caja answering with the company's register settings (default: not blind, $ 0). */
export function configCaja(config: ConfigCaja = { cierre_ciego: false, tolerancia_cierre: 0 }) {
  return http.get('/api/config/caja', () => ok(config));
}
