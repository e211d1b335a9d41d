import { Badge, Center, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { monitoreoVendedoresQuery, type VendedorSupervisado } from '@/api/dashboard';
import { Dato } from '@/components/Dato';
import { EmptyState } from '@/components/EmptyState';
import { StatCard } from '@/components/StatCard';
import { formatDuracion, formatMoney, formatNumber } from '@/lib/format';
import { DashboardError } from '@/features/dashboard/DashboardError';

/** /admin/monitoreo-vendedores (admin and supervisor): totals and one card per seller, refreshed every 30 s. */
export function MonitoreoVendedoresPage() {
  const monitoreo = useQuery(monitoreoVendedoresQuery);
  const data = monitoreo.data;
  return (
    <Stack>
      <Title order={1}>Monitoreo de Vendedores</Title>
      {monitoreo.isPending && <Center py="xl"><Loader aria-label="Cargando vendedores" /></Center>}
      {monitoreo.isError && !data && (
        <DashboardError title="Error al cargar datos de vendedores" error={monitoreo.error} onRetry={() => monitoreo.refetch()} />
      )}
      {data && (
        <>
          <SimpleGrid cols={{ base: 2, md: 5 }}>
            <StatCard label="Vendedores" value={formatNumber(data.totales.vendedores)} />
            <StatCard label="Activos" value={formatNumber(data.totales.activos)} note="Con la caja abierta" />
            <StatCard label="Inactivos" value={formatNumber(data.totales.inactivos)} />
            <StatCard label="Ventas de hoy" value={formatNumber(data.totales.ventas)} />
            <StatCard label="Recaudado hoy" value={formatMoney(data.totales.ingresos)} />
          </SimpleGrid>
          {data.vendedores.length === 0 ? (
            <EmptyState icon={IconUsersGroup} title="No hay vendedores" message="La empresa no tiene vendedores activos." />
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
              {data.vendedores.map((v) => <TarjetaVendedor key={v.id} vendedor={v} ahora={monitoreo.dataUpdatedAt} />)}
            </SimpleGrid>
          )}
        </>
      )}
    </Stack>
  );
}

/** One seller; `ahora` is when the figures were read (the time open counts up to then). */
function TarjetaVendedor({ vendedor: v, ahora }: { vendedor: VendedorSupervisado; ahora: number }) {
  return (
    <Paper withBorder p="md" radius="md" role="article" aria-label={v.vendedor}>
      <Group justify="space-between" mb="xs">
        <div>
          <Text fw={700}>{v.vendedor}</Text>
          <Text size="xs" c="dimmed">ID {v.id} · {v.nombre_usuario}</Text>
        </div>
        <Badge color={v.caja_estado === 'abierta' ? 'green' : 'gray'}>{v.caja_estado === 'abierta' ? 'Activo' : 'Inactivo'}</Badge>
      </Group>
      <Text size="sm">
        {v.fecha_apertura ? `Caja abierta hace ${formatDuracion(ahora - new Date(v.fecha_apertura).getTime())}` : 'Caja cerrada'}
      </Text>
      <SimpleGrid cols={2} mt="sm">
        <Dato label="Ventas de hoy" size="xs" strong>{formatNumber(v.ventas_hoy)}</Dato>
        <Dato label="Total recaudado" size="xs" strong>{formatMoney(v.total_ventas)}</Dato>
      </SimpleGrid>
    </Paper>
  );
}
