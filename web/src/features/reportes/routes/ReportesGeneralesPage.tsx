import { Badge, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { ScrollContainer } from '@/components/ScrollTable';
import { useQuery } from '@tanstack/react-query';
import { globalStatsQuery, type EmpresaResumen } from '@/api/dashboard';
import { QueryState } from '@/components/QueryState';
import { StatCard } from '@/components/StatCard';
import { formatCantidad, formatDateTime, formatMoney, formatNumber } from '@/lib/format';

/** 'Reportes Generales' (backoffice §2.13, super_admin): the whole installation now, and each company's state. */
export function ReportesGeneralesPage() {
  const { data, isPending, error, refetch } = useQuery(globalStatsQuery);
  return (
    <Stack>
      <div>
        <Title order={1}>Reportes Generales</Title>
        <Text c="dimmed">Todas las empresas del sistema, hoy</Text>
      </div>
      <QueryState pending={isPending} error={data ? null : error} errorTitle="Error al cargar estadísticas" onRetry={() => void refetch()}>
        {data && (
          <>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
              <StatCard label="Empresas" value={formatNumber(data.metricas_globales.total_empresas)}
                note={`${formatCantidad(data.metricas_globales.empresas_activas, 'activa')} · ${formatCantidad(data.metricas_globales.empresas_inactivas, 'inactiva')}`} />
              <StatCard label="Usuarios activos" value={formatNumber(data.metricas_globales.usuarios_activos_sistema)} />
              <StatCard label="Movimientos de hoy" value={formatMoney(data.metricas_globales.volumen_movimientos_hoy)}
                note={formatCantidad(data.metricas_globales.pasajes_hoy_sistema, 'pasaje')} />
              <StatCard label="Cajas abiertas" value={formatNumber(data.metricas_globales.cajas_abiertas_sistema)} />
            </SimpleGrid>
            <EstadoPorEmpresa empresas={data.empresas} />
          </>
        )}
      </QueryState>
    </Stack>
  );
}

/** 'Estado por Empresa': active users, today's tickets, open registers and the last sale of each company. */
function EstadoPorEmpresa({ empresas }: { empresas: readonly EmpresaResumen[] }) {
  return (
    <section aria-labelledby="estado-por-empresa">
      <Title order={2} size="h3" mb="sm" id="estado-por-empresa">Estado por Empresa</Title>
      {empresas.length === 0 ? <Text c="dimmed">No hay empresas</Text> : (
        <ScrollContainer minWidth={640} label="Estado por Empresa">
          <Table striped aria-labelledby="estado-por-empresa">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Empresa</Table.Th>
                <Table.Th ta="right">Usuarios activos</Table.Th>
                <Table.Th ta="right">Pasajes hoy</Table.Th>
                <Table.Th ta="right">Cajas abiertas</Table.Th>
                <Table.Th>Última venta</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {empresas.map((e) => (
                <Table.Tr key={e.id}>
                  <Table.Td>
                    {e.nombre}{' '}
                    {!e.activa && <Badge color="gray" variant="light">Inactiva</Badge>}
                  </Table.Td>
                  <Table.Td ta="right">{formatNumber(e.usuarios_activos)}</Table.Td>
                  <Table.Td ta="right">{formatNumber(e.pasajes_hoy)}</Table.Td>
                  <Table.Td ta="right">{formatNumber(e.cajas_abiertas)}</Table.Td>
                  <Table.Td>{e.ultima_venta ? formatDateTime(e.ultima_venta) : 'N/A'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollContainer>
      )}
    </section>
  );
}
