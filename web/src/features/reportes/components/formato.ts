import { MESES } from '@/features/reportes/periodo';
import { formatDate, formatDecimal, formatMoney, formatNumber } from '@/lib/format';

const compacto = new Intl.NumberFormat('es-AR', { notation: 'compact', maximumFractionDigits: 1 });

/**
 * An amount on a chart's axis, es-AR without centavos ('$ 45.000'); from a million on, short ('$ 1,5 M') so that the
 * axis keeps its width on a phone. Tooltips and tables write the whole amount (formatMoney).
 */
export function formatMoneyEje(monto: number): string {
  return Math.abs(monto) >= 1_000_000 ? `$ ${compacto.format(monto)}` : formatMoney(Math.round(monto)).replace(/,00$/, '');
}

/** A count on a chart's axis: whole numbers only, es-AR. */
export function formatNumberEje(n: number): string {
  return Number.isInteger(n) ? formatNumber(n) : '';
}

/** A point of a series as a reader says it: a day '25/11/2026', a month 'Nov 2026'. */
export function etiquetaPeriodo(periodo: string): string {
  const mes = /^(\d{4})-(\d{2})$/.exec(periodo);
  if (mes) return `${MESES[Number(mes[2]) - 1].slice(0, 3)} ${mes[1]}`;
  return /^\d{4}-\d{2}-\d{2}$/.test(periodo) ? formatDate(periodo) : periodo;
}

/** A day on a chart's axis: '25/11' (the year is in the period). */
export function etiquetaDiaCorta(periodo: string): string {
  const dia = /^\d{4}-(\d{2})-(\d{2})$/.exec(periodo);
  return dia ? `${dia[2]}/${dia[1]}` : etiquetaPeriodo(periodo);
}

/**
 * A change against the previous period in words, sign and arrow, not colour alone: '▲ +12,5 %', '▼ -3,0 %',
 * '= 0,0 %' (points for a rate: '▲ +2,0 p.p.'); null → 'Sin datos previos'.
 */
export function textoVariacion(variacion: number | null, unidad: '%' | 'p.p.' = '%'): string {
  if (variacion === null) return 'Sin datos previos';
  const cifra = `${formatDecimal(Math.abs(variacion), 1)} ${unidad}`;
  if (variacion > 0) return `▲ +${cifra}`;
  if (variacion < 0) return `▼ -${cifra}`;
  return `= ${cifra}`;
}

/** A percentage with one decimal: '87,5 %'. */
export function formatPorcentaje(valor: number): string {
  return `${formatDecimal(valor, 1)} %`;
}
