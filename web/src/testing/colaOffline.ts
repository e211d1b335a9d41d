import type * as Cola from '@/lib/offline/cola';
import type { AccionDe, AccionOffline, DatosAccion, TipoAccion } from '@/lib/offline/db';

/*
 * The offline queue of lib/offline/cola in memory (jsdom has no IndexedDB), with the same
 * exports and the same rules: a test replaces the module with
 *   vi.mock('@/lib/offline/cola', async () => (await import('@/testing/colaOffline')).colaEnMemoria);
 * and arranges the queue with ponerEnCola, reading it back with colaEnMemoria.accionesEnCola().
 */

let acciones: AccionOffline[] = [];
let desfase: number | null = null;
let orden = 0;
const observadores = new Set<(a: AccionOffline[]) => void>();
const observadoresDesfase = new Set<(d: number | null) => void>();

const ordenada = () => [...acciones].sort((a, b) => a.orden - b.orden).map((a) => ({ ...a }));
const avisar = () => {
  const cola = ordenada();
  observadores.forEach((fn) => fn(cola));
};
/** A real IndexedDB answers in a later task; so does this one. */
const tarde = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
const cambiar = (id: string, fn: (a: AccionOffline) => AccionOffline) => {
  acciones = acciones.map((a) => (a.id === id ? fn(a) : a));
};

/** A new pending action of kind `tipo` with `datos`: a fresh UUID, its order after the ones before. */
function nuevaAccion<T extends TipoAccion>(tipo: T, datos: DatosAccion<T>, ocurridoEn: number): AccionDe<T> {
  orden += 1;
  return { id: crypto.randomUUID(), tipo, ocurrido_en: ocurridoEn, datos, estado: 'pendiente', intentos: 0, orden };
}

const OCURRIDO_EN = Date.parse('2026-11-26T13:05:00Z');

/** A queued boarding by ticket number (the queue's usual action); overrides change any field. */
export function accionOffline(overrides: Partial<AccionDe<'embarque'>> = {}): AccionDe<'embarque'> {
  const accion = nuevaAccion('embarque', { codigo: '' }, OCURRIDO_EN);
  return { ...accion, datos: { codigo: `LD-20261126-${String(accion.orden).padStart(6, '0')}` }, ...overrides };
}

/** A ticket of a queued sale, of number `numero`, as the device signed it. */
export function pasajeEnCola(numero: string): DatosAccion<'venta'>['pasajes'][number] {
  return { tipo_viaje_id: 1, precio: 1500, numero_pasaje: numero, codigo_qr: `MUELLE2.${numero}.firma.cert` };
}

/** A queued sale: `datos` over a one-ticket sale at register 1; overrides change any other field. */
export function ventaOffline(
  datos: Partial<DatosAccion<'venta'>> = {}, overrides: Partial<Omit<AccionDe<'venta'>, 'tipo' | 'datos'>> = {},
): AccionDe<'venta'> {
  const venta: DatosAccion<'venta'> = {
    caja_id: 1, seccion_id: 1, fecha_viaje: '2026-11-26', medio_pago_id: 1, pasajes: [pasajeEnCola('LD-R2D2-20261126-1')], ...datos,
  };
  return { ...nuevaAccion('venta', venta, OCURRIDO_EN), ...overrides };
}

/** Replaces the queue with `nuevas` (and forgets the clock offset unless given). */
export function ponerEnCola(nuevas: AccionOffline[], desfaseMs: number | null = null): void {
  acciones = nuevas.map((a) => ({ ...a }));
  desfase = desfaseMs;
  avisar();
  observadoresDesfase.forEach((fn) => fn(desfase));
}

/** The module's exports, in memory. */
export const colaEnMemoria = {
  async encolar<T extends TipoAccion>(tipo: T, datos: DatosAccion<T>, ocurridoEn = Date.now()) {
    const accion = nuevaAccion(tipo, datos, ocurridoEn);
    await tarde();
    // An action of kind T is one of the union; TypeScript does not follow a generic T into it.
    acciones.push(accion as AccionOffline);
    avisar();
    return { ...accion };
  },
  async accionesEnCola() {
    await tarde();
    return ordenada();
  },
  async contarEnCola() {
    await tarde();
    return acciones.length;
  },
  async contarPendientes() {
    await tarde();
    return acciones.filter((a) => a.estado !== 'fallida').length;
  },
  async reclamarLote(elegir: (c: AccionOffline[]) => AccionOffline[], ahora: number, vencidoAntes: number) {
    await tarde();
    // One transaction: nothing else runs between the read and the write.
    const candidatas = ordenada().filter((a) =>
      a.estado === 'pendiente' || (a.estado === 'enviando' && (a.enviando_desde ?? 0) < vencidoAntes));
    const lote = elegir(candidatas).map((a): AccionOffline => ({ ...a, estado: 'enviando', enviando_desde: ahora, intentos: a.intentos + 1 }));
    lote.forEach((a) => cambiar(a.id, () => a));
    avisar();
    return lote.map((a) => ({ ...a }));
  },
  async liberar(ids: string[]) {
    await tarde();
    ids.forEach((id) => cambiar(id, (a) => (a.estado === 'enviando' ? { ...a, estado: 'pendiente', enviando_desde: undefined } : a)));
    avisar();
  },
  async liberarEnvios() {
    await tarde();
    acciones = acciones.map((a) => (a.estado === 'enviando' ? { ...a, estado: 'pendiente', enviando_desde: undefined } : a));
    avisar();
  },
  async quitar(ids: string[]) {
    await tarde();
    acciones = acciones.filter((a) => !ids.includes(a.id));
    avisar();
  },
  async marcarFallida(id: string, motivo: string) {
    await tarde();
    cambiar(id, (a) => ({ ...a, estado: 'fallida', motivo, enviando_desde: undefined }));
    avisar();
  },
  async posponer(id: string, motivo: string) {
    await tarde();
    cambiar(id, (a) => ({ ...a, estado: 'pendiente', motivo, enviando_desde: undefined }));
    avisar();
  },
  async reintentar(id: string) {
    await tarde();
    cambiar(id, (a) => (a.estado === 'fallida' ? { ...a, estado: 'pendiente' } : a));
    avisar();
  },
  observarCola(alCambiar: (a: AccionOffline[]) => void) {
    observadores.add(alCambiar);
    alCambiar(ordenada());
    return () => void observadores.delete(alCambiar);
  },
  async guardarDesfase(desfaseMs: number) {
    await tarde();
    desfase = desfaseMs;
    observadoresDesfase.forEach((fn) => fn(desfase));
  },
  async leerDesfase() {
    await tarde();
    return desfase;
  },
  observarDesfase(alCambiar: (d: number | null) => void) {
    observadoresDesfase.add(alCambiar);
    alCambiar(desfase);
    return () => void observadoresDesfase.delete(alCambiar);
  },
} satisfies typeof Cola;
