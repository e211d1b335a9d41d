import dayjs from 'dayjs';
import 'dayjs/locale/es';

dayjs.locale('es');

/** Display format of date and time: dd/MM/yyyy HH:mm. */
export const DATE_TIME_FORMAT = 'DD/MM/YYYY HH:mm';
/** Display format of a date: dd/MM/yyyy. */
export const DATE_FORMAT = 'DD/MM/YYYY';

const money = new Intl.NumberFormat('es-AR', { style: 'currency', currency: 'ARS' });
const integer = new Intl.NumberFormat('es-AR');

/** ARS amount, e.g. `$ 1.234,50` (with a non-breaking space after `$`). */
export function formatMoney(amount: number): string {
  return money.format(amount);
}

/** Plain es-AR number, e.g. `1.234.567`. */
export function formatNumber(value: number): string {
  return integer.format(value);
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
