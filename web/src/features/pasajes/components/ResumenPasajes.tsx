import { SimpleGrid } from '@mantine/core';
import type { ListadoPasajes } from '@/api/pasajes';
import { StatCard } from '@/components/StatCard';
import { formatMoney, formatMontoOculto, formatNumber } from '@/lib/format';

/**
 * The figures of the whole filter: the tickets that are not cancelled, what they sold
 * and their average (count and money over the same tickets, as on the dashboard), and
 * the cancelled ones apart with what was refunded. The money is 'Oculto' when the server leaves it out
 * (a cashier who counts their open register blind).
 */
export function ResumenPasajes({ listado }: { listado: ListadoPasajes }) {
  const { totalVentas, totalPasajes, importeCancelado } = listado;
  const promedio = totalVentas === null ? null : totalPasajes > 0 ? totalVentas / totalPasajes : 0;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="sm">
      <StatCard label="Total de Pasajes" value={formatNumber(totalPasajes)} />
      <StatCard label="Total en Ventas" value={formatMontoOculto(totalVentas)} />
      <StatCard label="Promedio por Pasaje" value={formatMontoOculto(promedio)} />
      <StatCard
        label="Cancelados"
        value={formatNumber(listado.cancelados)}
        note={importeCancelado === null ? 'Importe devuelto oculto' : `${formatMoney(importeCancelado)} devueltos`}
      />
    </SimpleGrid>
  );
}
