import { Button, Center, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCashRegister, IconQrcode, IconUsersGroup } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { supervisorStatsQuery } from '@/api/dashboard';
import { StatCard } from '@/components/StatCard';
import { formatMoney, formatNumber } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useModuloActivo } from '@/lib/session';
import { CajaActiva } from './CajaActiva';
import { DashboardError } from './DashboardError';
import { DashboardHeader } from './DashboardHeader';
import { EstadoVendedores } from './EstadoVendedores';

/** Supervisor dashboard: shortcuts, the day's figures, the own register and the sellers. */
export function SupervisorDashboard() {
  const stats = useQuery(supervisorStatsQuery);
  const data = stats.data;
  return (
    <Stack>
      <DashboardHeader title="Dashboard de Supervisión" />
      <Atajos />
      {stats.isPending && <Center py="xl"><Loader aria-label="Cargando estadísticas" /></Center>}
      {stats.isError && !data && <DashboardError error={stats.error} onRetry={() => stats.refetch()} />}
      {data && (
        <>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
            <StatCard label="Vendedores activos" value={formatNumber(data.vendedoresActivos)} note="Con la caja abierta" />
            <StatCard label="Embarcados hoy" value={formatNumber(data.pasajesEmbarcados)} />
            <StatCard label="Mis ventas de hoy" value={formatNumber(data.misVentasHoy)} />
            {data.misIngresosHoy !== null && <StatCard label="Mis ingresos de hoy" value={formatMoney(data.misIngresosHoy)} />}
          </SimpleGrid>
          {data.miCajaInfo ? <CajaActiva caja={data.miCajaInfo} /> : <SinCaja />}
          <EstadoVendedores vendedores={data.vendedoresSupervisados} />
        </>
      )}
    </Stack>
  );
}

/** Shortcuts to the supervisor's screens (only those that exist, of the modules the company has). */
function Atajos() {
  const venta = useModuloActivo('venta_pasajes');
  const embarque = useModuloActivo('embarque');
  return (
    <Group>
      {venta && (
        <Button component={Link} to={paths.monitoreoVendedores} variant="light" leftSection={<IconUsersGroup size={20} aria-hidden />}>
          Monitoreo de Vendedores
        </Button>
      )}
      {embarque && (
        <Button component={Link} to={paths.validador} variant="light" leftSection={<IconQrcode size={20} aria-hidden />}>
          Validador
        </Button>
      )}
    </Group>
  );
}

function SinCaja() {
  const caja = useModuloActivo('caja');
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="xs">Mi caja</Title>
      <Text c="dimmed" mb="sm">No tienes una caja abierta.</Text>
      {caja && (
        <Button component={Link} to={paths.gestionCaja} size="xs" leftSection={<IconCashRegister size={16} aria-hidden />}>
          Ir a Mi Caja
        </Button>
      )}
    </Paper>
  );
}
