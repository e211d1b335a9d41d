import { describirSentido, type Salida } from '@/api/salidas';

/** How long after its time a programada departure is still the validator's default (a late boat). */
export const DEMORA_TOLERADA_MS = 30 * 60_000;

/** The departures the validator can board into: not sailed nor cancelled, with a boat; by time. */
export function salidasQueEmbarcan(salidas: readonly Salida[]): Salida[] {
  return salidas
    .filter((s) => (s.estado === 'programada' || s.estado === 'embarcando') && s.embarcacion_id != null)
    .sort((a, b) => a.programada_en.localeCompare(b.programada_en) || a.id - b.id);
}

/**
 * The validator's default departure among `abiertas` (salidasQueEmbarcan): the first one already
 * boarding; else the next programada one (or one at most DEMORA_TOLERADA_MS late); else the last one.
 * Null when there is none: the validator boards without a departure, as before.
 */
export function salidaPorDefecto(abiertas: readonly Salida[], ahora: Date): Salida | null {
  const embarcando = abiertas.find((s) => s.estado === 'embarcando');
  if (embarcando) return embarcando;
  const desde = ahora.getTime() - DEMORA_TOLERADA_MS;
  return abiertas.find((s) => new Date(s.programada_en).getTime() >= desde) ?? abiertas.at(-1) ?? null;
}

/** How a departure reads in the validator's picker: '10:30 · Tigre – Tres Bocas · Ida'. */
export function nombreSalida(s: Salida): string {
  return `${s.hora} · ${s.seccion} · ${describirSentido(s.sentido)}`;
}

/** A departure with this phone's queued boardings into it added to its last known count (offline). */
export function conEmbarquesEnCola(s: Salida, enCola: Readonly<Record<number, number>>): Salida {
  const propios = enCola[s.id] ?? 0;
  return propios === 0 ? s : { ...s, embarcados: s.embarcados + propios };
}
