import { http } from 'msw';
import type { Caja, EstadoCaja, MovimientoCaja } from '../lib/caja';
import type { ItemActivo, Precio } from '../lib/catalogo';
import { signIn } from './fixtures';
import { ok } from './server';

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
    total_ingresos: 0,
    total_egresos: 0,
    monto_actual: 10000,
    total_ventas: 0,
    efectivo_esperado: 10000,
    por_medio: null,
    ...overrides,
  };
}

/** A movement of the register. */
export function makeMovimiento(overrides: Partial<MovimientoCaja> = {}): MovimientoCaja {
  return {
    id: 1,
    tipo: 'venta_pasaje',
    monto: 11250,
    descripcion: 'Venta de 3 pasaje(s)',
    medio_pago_id: 1,
    medio_pago_nombre: 'Efectivo',
    created_at: '2026-11-22T12:05:00Z',
    ...overrides,
  };
}

/** GET /caja/estado answering with `caja` (null: no open register) and its movements. */
export function estadoCaja(caja: Caja | null, movimientos: MovimientoCaja[] = []) {
  const estado: EstadoCaja = { cajaAbierta: caja !== null, caja, movimientos };
  return http.get('/api/caja/estado', () => ok(estado));
}

const item = (id: number, nombre: string, descripcion = ''): ItemActivo => ({ id, nombre, descripcion, activo: true });

/** The demo catalog: two sections, three trip types, three payment methods. */
export const SECCIONES = [item(1, 'Tigre – Tres Bocas', 'Por el río Tigre y el Sarmiento'), item(2, 'Tigre – Río Capitán')];
export const TIPOS = [item(1, 'General'), item(2, 'Jubilado'), item(3, 'Residente isleño')];
export const MEDIOS = [item(4, 'Débito'), item(1, 'Pago en EFECTIVO'), item(5, 'Mercado Pago')];
/** Section 1 has no price for Residente isleño. */
export const PRECIOS: Precio[] = [
  { seccion_id: 1, tipo_viaje_id: 1, precio: 4500 },
  { seccion_id: 1, tipo_viaje_id: 2, precio: 2250 },
  { seccion_id: 2, tipo_viaje_id: 1, precio: 7800 },
  { seccion_id: 2, tipo_viaje_id: 2, precio: 3900 },
  { seccion_id: 2, tipo_viaje_id: 3, precio: 3120 },
];

/** GET handlers of the active catalogs and the price table. */
export const catalogHandlers = [
  http.get('/api/config/secciones', () => ok(SECCIONES)),
  http.get('/api/config/tipos-viaje', () => ok(TIPOS)),
  http.get('/api/config/medios-pago', () => ok(MEDIOS)),
  http.get('/api/config/precios', () => ok(PRECIOS)),
];
