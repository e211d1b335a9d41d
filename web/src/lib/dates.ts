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
