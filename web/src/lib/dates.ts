import { useEmpresa } from './company';
import { formatDate } from './format';

/** Time zone of the business day when the company has none. */
export const DEFAULT_TIMEZONE = 'America/Argentina/Buenos_Aires';

/** One formatter per time zone: making one costs the browser far more than using it (every render asks for today). */
const diaEn = new Map<string, Intl.DateTimeFormat>();

/** Today's date (YYYY-MM-DD) in `timeZone`. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  let formato = diaEn.get(timeZone);
  if (!formato) {
    // en-CA formats dates as YYYY-MM-DD.
    formato = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    diaEn.set(timeZone, formato);
  }
  return formato.format(now);
}

/** One formatter per time zone, for the time of day. */
const horaDe = new Map<string, Intl.DateTimeFormat>();

/** The time of day (HH:MM, 24 h) in `timeZone`: what a departure's `hora` is compared with. */
export function horaEn(timeZone: string, now: Date = new Date()): string {
  let formato = horaDe.get(timeZone);
  if (!formato) {
    formato = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    horaDe.set(timeZone, formato);
  }
  return formato.format(now);
}

/** Today's business date (YYYY-MM-DD) in the company's time zone. */
export function useHoy(): string {
  const { timezone } = useEmpresa();
  return todayIn(timezone || DEFAULT_TIMEZONE);
}

/** A date as typed here: dd/mm/aaaa (one-digit day and month too). */
const DD_MM_AAAA = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/** Reads a date typed as dd/mm/aaaa (or YYYY-MM-DD) into YYYY-MM-DD; null when it is not a real date. */
export function leerFecha(texto: string): string | null {
  const limpio = texto.trim();
  const partes = DD_MM_AAAA.exec(limpio) ?? /^(\d{4})-(\d{2})-(\d{2})$/.exec(limpio);
  if (!partes) return null;
  const [dia, mes, anio] = limpio.includes('/')
    ? [Number(partes[1]), Number(partes[2]), Number(partes[3])]
    : [Number(partes[3]), Number(partes[2]), Number(partes[1])];
  const fecha = new Date(Date.UTC(anio, mes - 1, dia));
  if (fecha.getUTCFullYear() !== anio || fecha.getUTCMonth() !== mes - 1 || fecha.getUTCDate() !== dia) return null;
  return fecha.toISOString().slice(0, 10);
}

/** The dates a date field takes (YYYY-MM-DD) and what it says of one outside them. */
export interface LimitesFecha {
  min?: string;
  max?: string;
  /** Said of a date before min; by default it names min. */
  mensajeMin?: string;
  /** Said of a date after max; by default it names max. */
  mensajeMax?: string;
}

/**
 * Why a date typed in a date field was not taken, or null when it was (or nothing was typed):
 * not written as dd/mm/aaaa, a day that does not exist (31/02/2026), or outside the limits.
 */
export function motivoFechaRechazada(texto: string, { min, max, mensajeMin, mensajeMax }: LimitesFecha = {}): string | null {
  const limpio = texto.trim();
  if (!limpio) return null;
  const fecha = leerFecha(limpio);
  if (!fecha) return DD_MM_AAAA.test(limpio) ? `La fecha ${limpio} no existe` : 'Escribe la fecha como dd/mm/aaaa';
  if (min && fecha < min) return mensajeMin ?? `La fecha no puede ser anterior al ${formatDate(min)}`;
  if (max && fecha > max) return mensajeMax ?? `La fecha no puede ser posterior al ${formatDate(max)}`;
  return null;
}
