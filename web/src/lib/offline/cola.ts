import { baseOffline, type AccionOffline, type TipoAccion } from './db';

/*
 * The queue of offline actions (the `offline` store). An action is queued once with a
 * fresh client id and stays until the server answers it: applied or duplicate, it
 * leaves; refused, it stays with its reason (never dropped).
 */

let ultimoOrden = 0;

/** A queue position greater than any given before in this page, and than the clock's. */
function siguienteOrden(): number {
  ultimoOrden = Math.max(ultimoOrden + 1, Date.now() * 1000);
  return ultimoOrden;
}

/** Queues an act done now (or at `ocurridoEn`, device ms); resolves with the queued action. */
export async function encolar(tipo: TipoAccion, datos: unknown, ocurridoEn = Date.now()): Promise<AccionOffline> {
  const accion: AccionOffline = {
    id: crypto.randomUUID(), tipo, ocurrido_en: ocurridoEn, datos, estado: 'pendiente', intentos: 0, orden: siguienteOrden(),
  };
  await baseOffline.offline.add(accion);
  return accion;
}

/** The queued actions in the order they were made. */
export function accionesEnCola(): Promise<AccionOffline[]> {
  return baseOffline.offline.orderBy('orden').toArray();
}
