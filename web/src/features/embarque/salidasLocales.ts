import type { Salida } from '@/api/salidas';
import { baseOffline } from '@/lib/offline/db';
import { hayAlmacenLocal } from '@/lib/offline/persistencia';

/*
 * Today's departures as the validator last read them, kept on this phone (the Dexie `config` store,
 * `salidas:{fecha}`, tagged with the company) so that a validator reloaded offline still has them to
 * board into; their `embarcados` is the last a_bordo the server said (docs/features/offline.md,
 * "The offline validator").
 */

/** The config entry of a day's departures. */
export const claveSalidas = (fecha: string) => `salidas:${fecha}`;

/** What the entry holds: the departures of the company that read them. */
interface SalidasGuardadas {
  empresaId: number;
  salidas: Salida[];
}

/** Keeps a day's departures of company `empresaId` as read now (best effort: the validator goes on without). */
export async function guardarSalidas(fecha: string, empresaId: number, salidas: Salida[], ahora = Date.now()): Promise<void> {
  if (!hayAlmacenLocal()) return;
  const valor: SalidasGuardadas = { empresaId, salidas };
  await baseOffline.config.put({ clave: claveSalidas(fecha), valor, guardado_en: ahora }).catch(() => undefined);
}

/** A day's departures kept on this phone for company `empresaId`, or null (none kept, or another company's). */
export async function leerSalidas(fecha: string, empresaId: number): Promise<Salida[] | null> {
  if (!hayAlmacenLocal()) return null;
  const valor = (await baseOffline.config.get(claveSalidas(fecha)))?.valor as SalidasGuardadas | undefined;
  return valor?.empresaId === empresaId ? valor.salidas : null;
}
