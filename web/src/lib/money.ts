/** What the money parser reads from a typed amount. */
export type MontoLeido =
  | { estado: 'vacio' }
  | { estado: 'ok'; monto: number }
  | { estado: 'error'; mensaje: string };

/** Shown when a typed amount could be read two ways (issue 11, item 2). */
export const MONTO_AMBIGUO = 'Monto ambiguo: escribe 1.500,50 (o 1500.50 con punto decimal)';
/** Shown when a typed amount holds something other than digits, '.' and ','. */
export const MONTO_INVALIDO = 'Monto inválido: usa solo números, puntos y comas';

const THOUSANDS = /^\d{1,3}(\.\d{3})+$/;
const DIGITS = /^\d+$/;
const DECIMALS = /^\d{1,2}$/;

function amount(entero: string, decimales = ''): MontoLeido {
  return { estado: 'ok', monto: Number(`${entero}.${decimales || '0'}`) };
}

/** The integer part: plain digits or dot-grouped thousands ('1.500'); null otherwise. */
function integerPart(text: string): string | null {
  if (DIGITS.test(text)) return text;
  if (THOUSANDS.test(text)) return text.replaceAll('.', '');
  return null;
}

/**
 * Reads an amount the way an Argentine user means it: '1.500' and '1.500,50' are
 * thousands with a comma decimal; '1500.50' and '1500.5' (one dot followed by one
 * or two digits) use a decimal point; anything ambiguous ('1.5000', '1,500',
 * '1.500.5') is refused with a message instead of guessed. A leading '$' is ignored.
 */
export function parseMonto(text: string): MontoLeido {
  const limpio = text.replace(/^\s*\$/, '').trim();
  if (limpio === '') return { estado: 'vacio' };
  if (!/^[\d.,]+$/.test(limpio)) return { estado: 'error', mensaje: MONTO_INVALIDO };
  const partes = limpio.split(',');
  if (partes.length > 2) return { estado: 'error', mensaje: MONTO_AMBIGUO };
  if (partes.length === 2) {
    const entero = integerPart(partes[0]);
    return entero !== null && DECIMALS.test(partes[1]) ? amount(entero, partes[1]) : { estado: 'error', mensaje: MONTO_AMBIGUO };
  }
  const entero = integerPart(limpio);
  if (entero !== null) return amount(entero);
  const punto = /^(\d+)\.(\d{1,2})$/.exec(limpio);
  return punto ? amount(punto[1], punto[2]) : { estado: 'error', mensaje: MONTO_AMBIGUO };
}

/** The amount as a form value: the number, '' when empty, NaN when it does not read. */
export function montoDe(text: string): number | '' {
  const leido = parseMonto(text);
  if (leido.estado === 'vacio') return '';
  return leido.estado === 'ok' ? leido.monto : Number.NaN;
}
