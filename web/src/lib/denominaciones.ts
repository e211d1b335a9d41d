import { formatMoney } from './format';

/** A bill or coin as a count names it: 'Billetes de $ 1.000', 'Monedas de $ 2' (domain.EtiquetaDenominacion). */
export function etiquetaDenominacion(d: { tipo: 'billete' | 'moneda'; valor: number }): string {
  return `${d.tipo === 'billete' ? 'Billetes' : 'Monedas'} de ${formatMoney(d.valor).replace(',00', '')}`;
}
