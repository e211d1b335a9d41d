import { Text } from '@mantine/core';
import type { PeriodoReporte } from '@/api/reportes';
import { formatDate } from '@/lib/format';

/** The period a report's answer covers, in words: 'Período: 01/11/2026 – 30/11/2026 · Fecha de venta'. */
export function PeriodoCubierto({ periodo }: { periodo: PeriodoReporte }) {
  const dias = periodo.desde === periodo.hasta ? formatDate(periodo.desde) : `${formatDate(periodo.desde)} – ${formatDate(periodo.hasta)}`;
  return <Text size="sm" c="dimmed">Período: {dias} · {periodo.base === 'viaje' ? 'Fecha de viaje' : 'Fecha de venta'}</Text>;
}
