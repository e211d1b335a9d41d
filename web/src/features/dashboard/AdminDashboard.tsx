import { Badge, Center, Loader, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { adminStatsQuery, type AdminStats } from '@/api/dashboard';
import { StatCard } from '@/components/StatCard';
import { formatMoney, formatNumber } from '@/lib/format';
import { DashboardError } from './DashboardError';
import { AvisosModulos } from '@/components/AvisosModulos';
import { DashboardHeader } from './DashboardHeader';
import { EstadoServicios } from './EstadoServicios';

/** Company dashboard (admin): today's figures, the services and the seller ranking. */
export function AdminDashboard() {
  const stats = useQuery(adminStatsQuery);
  const data = stats.data;
  return (
    <Stack>
      <DashboardHeader title="Dashboard de Administración" />
      <AvisosModulos />
      {stats.isPending && <Center py="xl"><Loader aria-label="Cargando estadísticas" /></Center>}
      {stats.isError && !data && <DashboardError error={stats.error} onRetry={() => stats.refetch()} />}
      {data && (
        <>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }}>
            <StatCard label="Ingresos de hoy" value={formatMoney(data.ingresosHoy)} />
            <StatCard label="Pasajes de hoy" value={formatNumber(data.pasajesHoy)} />
            <StatCard label="Total de clientes" value={formatNumber(data.totalClientes)} />
            <StatCard label="Usuarios activos" value={formatNumber(data.usuariosActivos)} />
            <StatCard label="Cajas abiertas" value={formatNumber(data.cajasAbiertas)} />
          </SimpleGrid>
          <RankingVendedores ranking={data.desempenoVendedores} />
          <EstadoServicios servicios={data.estado_servicios} />
        </>
      )}
    </Stack>
  );
}

/** Gold, silver and bronze for the first three places. */
const MEDALLAS = [
  { nombre: 'Oro', color: 'yellow' },
  { nombre: 'Plata', color: 'gray' },
  { nombre: 'Bronce', color: 'orange' },
] as const;

function RankingVendedores({ ranking }: { ranking: AdminStats['desempenoVendedores'] }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="sm">Ranking de vendedores de hoy</Title>
      {ranking.length === 0 ? (
        <Text c="dimmed">Todavía no hay ventas hoy</Text>
      ) : (
        <Table.ScrollContainer minWidth={420}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Puesto</Table.Th>
                <Table.Th>Vendedor</Table.Th>
                <Table.Th ta="right">Pasajes</Table.Th>
                <Table.Th ta="right">Total vendido</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {ranking.map((v, i) => {
                const medalla = MEDALLAS[i];
                return (
                  <Table.Tr key={v.id}>
                    <Table.Td>
                      {medalla ? <Badge color={medalla.color} variant="filled">{`${i + 1}º ${medalla.nombre}`}</Badge> : `${i + 1}º`}
                    </Table.Td>
                    <Table.Td>{v.vendedor}</Table.Td>
                    <Table.Td ta="right">{formatNumber(v.total_pasajes)}</Table.Td>
                    <Table.Td ta="right">{formatMoney(v.total_ventas)}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
