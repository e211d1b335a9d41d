import { SimpleGrid } from '@mantine/core';
import type { ListadoPasajes } from '@/api/pasajes';
import { StatCard } from '@/components/StatCard';
import { formatMoney, formatNumber } from '@/lib/format';

/** The three figures of the whole filter: tickets, sales and the average per ticket. */
export function ResumenPasajes({ listado }: { listado: ListadoPasajes }) {
  const promedio = listado.totalItems > 0 ? listado.totalVentas / listado.totalItems : 0;
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
      <StatCard label="Total de Pasajes" value={formatNumber(listado.totalItems)} />
      <StatCard label="Total en Ventas" value={formatMoney(listado.totalVentas)} />
      <StatCard label="Promedio por Pasaje" value={formatMoney(promedio)} />
    </SimpleGrid>
  );
}
