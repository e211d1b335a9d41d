import { useEmpresa } from './company';

/** Time zone of the business day when the company has none. */
export const DEFAULT_TIMEZONE = 'America/Argentina/Buenos_Aires';

/** Today's date (YYYY-MM-DD) in `timeZone`. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  // en-CA formats dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** Today's business date (YYYY-MM-DD) in the company's time zone. */
export function useHoy(): string {
  const { timezone } = useEmpresa();
  return todayIn(timezone || DEFAULT_TIMEZONE);
}

/** Reads a date typed as dd/mm/aaaa (or YYYY-MM-DD) into YYYY-MM-DD; null when it is not a real date. */
export function leerFecha(texto: string): string | null {
  const limpio = texto.trim();
  const partes = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(limpio) ?? /^(\d{4})-(\d{2})-(\d{2})$/.exec(limpio);
  if (!partes) return null;
  const [dia, mes, anio] = limpio.includes('/')
    ? [Number(partes[1]), Number(partes[2]), Number(partes[3])]
    : [Number(partes[3]), Number(partes[2]), Number(partes[1])];
  const fecha = new Date(Date.UTC(anio, mes - 1, dia));
  if (fecha.getUTCFullYear() !== anio || fecha.getUTCMonth() !== mes - 1 || fecha.getUTCDate() !== dia) return null;
  return fecha.toISOString().slice(0, 10);
}
