import type * as Cola from '@/lib/offline/cola';
import type { AccionOffline, TipoAccion } from '@/lib/offline/db';

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

/** An action of the queue; overrides change any field. Its id is a fresh UUID, its order after the ones before. */
export function accionOffline(overrides: Partial<AccionOffline> = {}): AccionOffline {
  orden += 1;
  return {
    id: crypto.randomUUID(), tipo: 'embarque', ocurrido_en: Date.parse('2026-11-26T13:05:00Z'),
    datos: { codigo: `LD-20261126-${String(orden).padStart(6, '0')}` }, estado: 'pendiente', intentos: 0, orden, ...overrides,
  };
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
  async encolar(tipo: TipoAccion, datos: unknown, ocurridoEn = Date.now()) {
    const accion = accionOffline({ tipo, datos, ocurrido_en: ocurridoEn });
    await tarde();
    acciones.push(accion);
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
