import { SimpleGrid } from '@mantine/core';
import type { ListadoPasajes } from '@/api/pasajes';
import { StatCard } from '@/components/StatCard';
import { formatMoney, formatNumber } from '@/lib/format';

/**
 * The figures of the whole filter: the tickets that are not cancelled, what they sold
 * and their average (count and money over the same tickets, as on the dashboard), and
 * the cancelled ones apart with what was refunded.
 */
export function ResumenPasajes({ listado }: { listado: ListadoPasajes }) {
  const promedio = listado.totalPasajes > 0 ? listado.totalVentas / listado.totalPasajes : 0;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="sm">
      <StatCard label="Total de Pasajes" value={formatNumber(listado.totalPasajes)} />
      <StatCard label="Total en Ventas" value={formatMoney(listado.totalVentas)} />
      <StatCard label="Promedio por Pasaje" value={formatMoney(promedio)} />
      <StatCard
        label="Cancelados"
        value={formatNumber(listado.cancelados)}
        note={`${formatMoney(listado.importeCancelado)} devueltos`}
      />
    </SimpleGrid>
  );
}
