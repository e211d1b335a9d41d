import dayjs from 'dayjs';
import 'dayjs/locale/es.js';

dayjs.locale('es');

/** Display format of date and time: dd/MM/yyyy HH:mm. */
const DATE_TIME_FORMAT = 'DD/MM/YYYY HH:mm';
/** Display format of a date: dd/MM/yyyy. */
export const DATE_FORMAT = 'DD/MM/YYYY';

/**
 * The formatter `crear` makes, made on its first use and kept. The browser's first Intl formatter
 * loads its locale data (tens of milliseconds on a phone): made as the app's modules load, it
 * lengthened the one long task before the first screen, even on screens that show no amount.
 */
function alUsar<T>(crear: () => T): () => T {
  let hecho: T | undefined;
  return () => (hecho ??= crear());
}

const money = alUsar(() => new Intl.NumberFormat('es-AR', { style: 'currency', currency: 'ARS' }));
const integer = alUsar(() => new Intl.NumberFormat('es-AR'));
const conDecimales = new Map<number, Intl.NumberFormat>();

/**
 * ARS amount, e.g. `$ 1.234,50` (with a non-breaking space after `$`). A negative amount
 * is always `-$ 1.234,50`, as the server writes it, whatever the browser's ICU prefers.
 */
export function formatMoney(amount: number): string {
  const centavos = Math.round(amount * 100);
  return `${centavos < 0 ? '-' : ''}${money().format(Math.abs(centavos) / 100)}`;
}

/** What shows instead of an amount a blind close leaves out (docs/features/cierre-ciego.md): the server sends null. */
export const MONTO_OCULTO = 'Oculto';

/** formatMoney, or MONTO_OCULTO for an amount the server left out (null). */
export function formatMontoOculto(amount: number | null): string {
  return amount === null ? MONTO_OCULTO : formatMoney(amount);
}

/** Plain es-AR number, e.g. `1.234.567`. */
export function formatNumber(value: number): string {
  return integer().format(value);
}

/** es-AR number with `decimales` decimals after a comma, e.g. `formatDecimal(0, 1)` is `0,0`. */
export function formatDecimal(value: number, decimales: number): string {
  let formato = conDecimales.get(decimales);
  if (!formato) {
    formato = new Intl.NumberFormat('es-AR', { minimumFractionDigits: decimales, maximumFractionDigits: decimales });
    conDecimales.set(decimales, formato);
  }
  return formato.format(value);
}

function format(value: dayjs.ConfigType, pattern: string): string {
  const date = dayjs(value);
  return date.isValid() ? date.format(pattern) : '';
}

/** Date and time as dd/MM/yyyy HH:mm in the browser's time zone; '' when invalid. */
export function formatDateTime(value: dayjs.ConfigType): string {
  return format(value, DATE_TIME_FORMAT);
}

/** Date as dd/MM/yyyy; '' when invalid. */
export function formatDate(value: dayjs.ConfigType): string {
  return format(value, DATE_FORMAT);
}

/** A count with its noun in the right number: `1 pasaje`, `3 pasajes`, `0 pasajeros`. */
export function formatCantidad(n: number, singular: string, plural = `${singular}s`): string {
  return `${formatNumber(n)} ${n === 1 ? singular : plural}`;
}

/** A length of time in words, its two largest units: `3 d 4 h`, `2 h 15 min`, `45 min`, `menos de 1 min`. */
export function formatDuracion(ms: number): string {
  const minutos = Math.floor(Math.max(ms, 0) / 60_000);
  const dias = Math.floor(minutos / 1440);
  const horas = Math.floor((minutos % 1440) / 60);
  const resto = minutos % 60;
  if (dias > 0) return `${dias} d ${horas} h`;
  if (horas > 0) return `${horas} h ${resto} min`;
  return minutos > 0 ? `${resto} min` : 'menos de 1 min';
}

/** Date and time of a notification: dd/MM/yyyy 'a las' HH:mm (backoffice §2.22); '' when invalid. */
export function formatFechaNotificacion(value: dayjs.ConfigType): string {
  return format(value, "DD/MM/YYYY [a las] HH:mm");
}
