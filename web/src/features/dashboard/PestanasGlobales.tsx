import { Badge, Center, Loader, SimpleGrid, Stack, Table } from '@mantine/core';
import { IconBuildingCommunity } from '@tabler/icons-react';
import type { EmpresaResumen, GlobalStats } from '@/api/dashboard';
import { EmptyState } from '@/components/EmptyState';
import { StatCard } from '@/components/StatCard';
import { formatCantidad, formatDateTime, formatDecimal, formatDuracion, formatMoney, formatNumber } from '@/lib/format';
import { lazy, Suspense } from 'react';

// The chart library is large: only the global dashboard downloads it, when it shows the chart.
const GraficoEmpresas = lazy(() => import('./GraficoEmpresas').then((m) => ({ default: m.GraficoEmpresas })));

function SinDatos() {
  return <EmptyState icon={IconBuildingCommunity} title="Sin datos disponibles" />;
}

/** Vista General: the metric cards and the chart of the first companies. */
export function PestanaVistaGeneral({ data }: { data: GlobalStats }) {
  const m = data.metricas_globales;
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }}>
        <StatCard label="Empresas" value={formatNumber(m.total_empresas)}
          note={`${formatCantidad(m.empresas_activas, 'activa')} · ${formatCantidad(m.empresas_inactivas, 'inactiva')}`} />
        <StatCard label="Usuarios activos" value={formatNumber(m.usuarios_activos_sistema)} />
        <StatCard label="Cajas abiertas" value={formatNumber(m.cajas_abiertas_sistema)} />
        <StatCard label="Pasajes de hoy" value={formatNumber(m.pasajes_hoy_sistema)} />
        <StatCard label="Volumen de hoy" value={formatMoney(m.volumen_movimientos_hoy)} />
      </SimpleGrid>
      {data.empresas.length === 0 ? <SinDatos /> : (
        <Suspense fallback={<Center py="xl"><Loader aria-label="Cargando gráfico" /></Center>}>
          <GraficoEmpresas empresas={data.empresas} />
        </Suspense>
      )}
    </Stack>
  );
}

/** Empresas: every company with today's figures (no company management screen exists yet: no buttons). */
export function PestanaEmpresas({ empresas }: { empresas: readonly EmpresaResumen[] }) {
  if (empresas.length === 0) return <SinDatos />;
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Empresa</Table.Th>
            <Table.Th>Estado</Table.Th>
            <Table.Th ta="right">Usuarios activos</Table.Th>
            <Table.Th ta="right">Pasajes hoy</Table.Th>
            <Table.Th ta="right">Ingresos hoy</Table.Th>
            <Table.Th ta="right">Cajas abiertas</Table.Th>
            <Table.Th>Última venta</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {empresas.map((e) => (
            <Table.Tr key={e.id}>
              <Table.Td>{e.nombre}</Table.Td>
              <Table.Td>
                <Badge color={e.activa ? 'green' : 'gray'} variant="light">{e.activa ? 'Activa' : 'Inactiva'}</Badge>
              </Table.Td>
              <Table.Td ta="right">{formatNumber(e.usuarios_activos)}</Table.Td>
              <Table.Td ta="right">{formatNumber(e.pasajes_hoy)}</Table.Td>
              <Table.Td ta="right">{formatMoney(e.ingresos_hoy)}</Table.Td>
              <Table.Td ta="right">{formatNumber(e.cajas_abiertas)}</Table.Td>
              <Table.Td>{e.ultima_venta ? formatDateTime(e.ultima_venta) : 'Sin ventas'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Monitoreo: this server's live figures. */
export function PestanaMonitoreo({ monitoreo: m }: { monitoreo: GlobalStats['monitoreo'] }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
      <StatCard label="Tiempo activo" value={formatDuracion(m.uptime_segundos * 1000)} />
      <StatCard label="Latencia de la base de datos" value={`${formatDecimal(m.latencia_bd_ms, 1)} ms`} />
      <StatCard label="Conexiones en tiempo real" value={formatNumber(m.sockets_abiertos)} />
      <StatCard label="Peticiones por minuto" value={formatNumber(m.peticiones_por_minuto)}
        note={`${formatNumber(m.peticiones_totales)} desde el inicio`} />
      <StatCard label="Errores en el último minuto" value={formatNumber(m.errores_por_minuto)}
        color={m.errores_por_minuto > 0 ? 'red.9' : undefined}
        note={`${formatNumber(m.errores_totales)} desde el inicio`} />
    </SimpleGrid>
  );
}
