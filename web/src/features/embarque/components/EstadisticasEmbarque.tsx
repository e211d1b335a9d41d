import { SimpleGrid } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { QueryState } from '@/components/QueryState';
import { StatCard } from '@/components/StatCard';
import { formatNumber } from '@/lib/format';
import { estadisticasEmbarqueQuery } from '@/api/embarque';

/** Today's boarding figures and the user's own count; refreshed after each validation. */
export function EstadisticasEmbarque() {
  const { data, isPending, error, refetch } = useQuery(estadisticasEmbarqueQuery);
  return (
    <QueryState pending={isPending} error={data ? null : error} errorTitle="Error al obtener estadísticas" onRetry={() => void refetch()}>
      {data && (
        <SimpleGrid cols={2} spacing="sm">
          <StatCard label="Total hoy" value={formatNumber(data.hoy.total)} />
          <StatCard label="Embarcados" value={formatNumber(data.hoy.embarcados)} color="green.9" />
          <StatCard label="Pendientes" value={formatNumber(data.hoy.pendientes)} color="orange.9" />
          <StatCard label="Validados por mí" value={formatNumber(data.usuario.validados_hoy)} />
        </SimpleGrid>
      )}
    </QueryState>
  );
}
