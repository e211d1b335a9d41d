import { liveQuery } from 'dexie';
import { baseOffline, type AccionDe, type AccionOffline, type DatosAccion, type TipoAccion } from './db';
import { pedirAlmacenamientoPersistente } from './persistencia';

/*
 * The queue of offline actions (the `offline` store) and what the sync records beside it
 * (the device's clock offset, in `config`). An action is queued once with a fresh client id
 * and stays until the server answers it: applied or duplicate, it leaves; refused, it stays
 * 'fallida' with its reason (never dropped) until someone retries it. The sync worker
 * (./sincronizador) claims batches with reclamarLote and settles them with the rest.
 *
 * Without IndexedDB (a test's jsdom, a browser that refuses it) the queue is empty and
 * observing it answers an empty queue; tests replace this module (testing/colaOffline).
 */

/** Whether this browser has IndexedDB. */
const hayIndexedDB = () => typeof indexedDB !== 'undefined';

/** The config entry of the last clock offset the server measured. */
const CLAVE_DESFASE = 'desfase_ms';

let ultimoOrden = 0;

/** A queue position greater than any given before in this page, and than the clock's. */
function siguienteOrden(): number {
  ultimoOrden = Math.max(ultimoOrden + 1, Date.now() * 1000);
  return ultimoOrden;
}

/** Queues an act done now (or at `ocurridoEn`, device ms); resolves with the queued action. */
export async function encolar<T extends TipoAccion>(tipo: T, datos: DatosAccion<T>, ocurridoEn = Date.now()): Promise<AccionDe<T>> {
  const accion: AccionDe<T> = {
    id: crypto.randomUUID(), tipo, ocurrido_en: ocurridoEn, datos, estado: 'pendiente', intentos: 0, orden: siguienteOrden(),
  };
  await baseOffline.offline.add(accion);
  // The queue must outlive the browser's cleanup of a full disk.
  void pedirAlmacenamientoPersistente();
  return accion;
}

/** The queued actions in the order they were made. */
export function accionesEnCola(): Promise<AccionOffline[]> {
  if (!hayIndexedDB()) return Promise.resolve([]);
  return baseOffline.offline.orderBy('orden').toArray();
}

/** How many actions are in the queue (pending, being sent or refused): none has reached the server for good. */
export function contarEnCola(): Promise<number> {
  if (!hayIndexedDB()) return Promise.resolve(0);
  return baseOffline.offline.count();
}

/** How many actions wait to be sent (pending, or left 'enviando'); refused ones wait for a retry instead. */
export function contarPendientes(): Promise<number> {
  if (!hayIndexedDB()) return Promise.resolve(0);
  return baseOffline.offline.where('estado').anyOf('pendiente', 'enviando').count();
}

/**
 * Claims the next batch in one transaction: `elegir` gets, in queue order, the actions that may
 * be sent (pending, or 'enviando' since before `vencidoAntes`: an upload cut off or a closed
 * tab's) and answers the batch, a prefix of them; those are marked 'enviando' since `ahora`,
 * their attempts counted. Another tab claiming at the same moment never gets the same actions.
 */
export async function reclamarLote(
  elegir: (candidatas: AccionOffline[]) => AccionOffline[], ahora: number, vencidoAntes: number,
): Promise<AccionOffline[]> {
  if (!hayIndexedDB()) return [];
  return baseOffline.transaction('rw', baseOffline.offline, async () => {
    const cola = await baseOffline.offline.orderBy('orden').toArray();
    const candidatas = cola.filter((a) =>
      a.estado === 'pendiente' || (a.estado === 'enviando' && (a.enviando_desde ?? 0) < vencidoAntes));
    const lote = elegir(candidatas).map((a): AccionOffline => ({ ...a, estado: 'enviando', enviando_desde: ahora, intentos: a.intentos + 1 }));
    await baseOffline.offline.bulkPut(lote);
    return lote;
  });
}

/** Puts actions whose upload failed (no answer, a refused batch) back to pending, to be sent again. */
export async function liberar(ids: string[]): Promise<void> {
  if (!hayIndexedDB() || ids.length === 0) return;
  await baseOffline.offline.where('id').anyOf(ids).modify((a) => {
    if (a.estado === 'enviando') {
      a.estado = 'pendiente';
      delete a.enviando_desde;
    }
  });
}

/** Every action left 'enviando' back to pending: called by the one worker of the device, when nothing else sends. */
export async function liberarEnvios(): Promise<void> {
  if (!hayIndexedDB()) return;
  await baseOffline.offline.where('estado').equals('enviando').modify((a) => {
    a.estado = 'pendiente';
    delete a.enviando_desde;
  });
}

/** Removes actions the server applied (or had applied): they are done. */
export async function quitar(ids: string[]): Promise<void> {
  if (!hayIndexedDB() || ids.length === 0) return;
  await baseOffline.offline.bulkDelete(ids);
}

/** Keeps an action the server refused, as 'fallida' with the server's reason. */
export async function marcarFallida(id: string, motivo: string): Promise<void> {
  if (!hayIndexedDB()) return;
  await baseOffline.offline.update(id, { estado: 'fallida', motivo, enviando_desde: undefined });
}

/** Keeps an action the server refused for now (nothing stored: its ticket's sale has not synced yet) pending, with the reason, to send again later. */
export async function posponer(id: string, motivo: string): Promise<void> {
  if (!hayIndexedDB()) return;
  await baseOffline.offline.update(id, { estado: 'pendiente', motivo, enviando_desde: undefined });
}

/** Puts a refused action back to pending, to be sent with the next batch; its last reason stays until it is answered. */
export async function reintentar(id: string): Promise<void> {
  if (!hayIndexedDB()) return;
  await baseOffline.offline.where('id').equals(id).modify((a) => {
    if (a.estado === 'fallida') a.estado = 'pendiente';
  });
}

/**
 * Calls `alCambiar` with the queue, in order, now and on every change (this tab's or another's);
 * answers the function that stops observing.
 */
export function observarCola(alCambiar: (acciones: AccionOffline[]) => void): () => void {
  if (!hayIndexedDB()) {
    alCambiar([]);
    return () => undefined;
  }
  const sub = liveQuery(() => baseOffline.offline.orderBy('orden').toArray())
    .subscribe({ next: alCambiar, error: () => alCambiar([]) });
  return () => sub.unsubscribe();
}

/** Keeps the device clock's offset the server measured (device minus server, ms). */
export async function guardarDesfase(desfaseMs: number): Promise<void> {
  if (!hayIndexedDB()) return;
  await baseOffline.config.put({ clave: CLAVE_DESFASE, valor: desfaseMs, guardado_en: Date.now() });
}

/** The last offset the server measured (device minus server, ms), or null when no sync measured one yet. */
export async function leerDesfase(): Promise<number | null> {
  if (!hayIndexedDB()) return null;
  const entrada = await baseOffline.config.get(CLAVE_DESFASE);
  return typeof entrada?.valor === 'number' ? entrada.valor : null;
}

/** Calls `alCambiar` with the kept offset (or null) now and on every change; answers the function that stops observing. */
export function observarDesfase(alCambiar: (desfaseMs: number | null) => void): () => void {
  if (!hayIndexedDB()) {
    alCambiar(null);
    return () => undefined;
  }
  const sub = liveQuery(() => baseOffline.config.get(CLAVE_DESFASE))
    .subscribe({ next: (e) => alCambiar(typeof e?.valor === 'number' ? e.valor : null), error: () => alCambiar(null) });
  return () => sub.unsubscribe();
}
