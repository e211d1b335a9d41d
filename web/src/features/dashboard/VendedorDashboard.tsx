import { Alert, Button, Center, Group, Loader, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCashRegister, IconTicket } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { useState } from 'react';
import { AbrirCajaModal } from '@/components/AbrirCajaModal';
import { ScrollTable } from '@/components/ScrollTable';
import { StatCard } from '@/components/StatCard';
import { formatDateTime, formatMoney, formatNumber } from '@/lib/format';
import { useQuery } from '@tanstack/react-query';
import { vendedorStatsQuery, type UltimaVenta } from '@/api/dashboard';
import { paths } from '@/lib/paths';
import { useModuloActivo } from '@/lib/session';
import { CajaActiva } from './CajaActiva';
import { DashboardHeader } from './DashboardHeader';

/** Seller dashboard (vendedor): register, today's figures, latest sales and shortcuts. */
export function VendedorDashboard() {
  const stats = useQuery(vendedorStatsQuery);
  const caja = useModuloActivo('caja');
  const data = stats.data;
  return (
    <Stack>
      <DashboardHeader title="Dashboard de Ventas" />
      {stats.isPending && <Center py="xl"><Loader aria-label="Cargando estadísticas" /></Center>}
      {stats.isError && !data && (
        <Alert color="red" title="Error al obtener estadísticas" role="alert">
          <Button mt="sm" size="xs" variant="white" color="red" onClick={() => stats.refetch()}>Reintentar</Button>
        </Alert>
      )}
      {data && (
        <>
          {!data.miCajaAbierta && caja && <AvisoCajaCerrada />}
          <AccionesRapidas cajaAbierta={data.miCajaAbierta} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <StatCard label="Ventas de hoy" value={formatNumber(data.misVentasHoy)} />
            {data.misIngresosHoy !== null && <StatCard label="Ingresos de hoy" value={formatMoney(data.misIngresosHoy)} />}
          </SimpleGrid>
          {data.miCajaInfo && <CajaActiva caja={data.miCajaInfo} />}
          <UltimasVentas ventas={data.misUltimasVentas} />
        </>
      )}
    </Stack>
  );
}

/** No open register: 'Abrir Caja' opens the dialog right here. */
function AvisoCajaCerrada() {
  const [abriendo, setAbriendo] = useState(false);
  return (
    <Alert color="orange" icon={<IconAlertTriangle aria-hidden />} title="Caja cerrada">
      <Text size="sm">No tienes una caja abierta: debes abrirla para poder vender pasajes.</Text>
      <Button mt="sm" size="xs" color="orange" onClick={() => setAbriendo(true)}>Abrir Caja</Button>
      <AbrirCajaModal opened={abriendo} onClose={() => setAbriendo(false)} />
    </Alert>
  );
}

/** Selling and the register, each while its module works for the company. */
function AccionesRapidas({ cajaAbierta }: { cajaAbierta: boolean }) {
  const venta = useModuloActivo('venta_pasajes');
  const caja = useModuloActivo('caja');
  return (
    <Group>
      {!venta ? null : cajaAbierta ? (
        <Button component={Link} to={paths.ventaPasajes} size="md" leftSection={<IconTicket size={20} aria-hidden />}>
          Vender pasajes
        </Button>
      ) : (
        <Button size="md" disabled leftSection={<IconTicket size={20} aria-hidden />}>Vender pasajes</Button>
      )}
      {caja && (
        <Button component={Link} to={paths.gestionCaja} size="md" variant="light" leftSection={<IconCashRegister size={20} aria-hidden />}>
          Mi caja
        </Button>
      )}
    </Group>
  );
}

/** The seller's last sales; on a phone client and section go under the ticket, so the amount stays on screen. */
function UltimasVentas({ ventas }: { ventas: UltimaVenta[] }) {
  // a cashier who counts blind gets no amount while the register is open: no column for them
  const conMonto = ventas.some((v) => v.monto !== null);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="ultimas-ventas">
      <Title order={2} size="h4" mb="sm" id="ultimas-ventas">Últimas ventas</Title>
      {ventas.length === 0 ? (
        <Text c="dimmed" ta="center" py="md">No hay ventas recientes</Text>
      ) : (
        <ScrollTable minWidth={{ base: 0, sm: 560 }} striped aria-label="Últimas ventas">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Pasaje</Table.Th>
              <Table.Th visibleFrom="sm">Cliente</Table.Th>
              <Table.Th visibleFrom="sm">Sección</Table.Th>
              <Table.Th>Hora</Table.Th>
              {conMonto && <Table.Th ta="right">Monto</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {ventas.map((v) => (
              <Table.Tr key={v.id}>
                <Table.Td>
                  {v.numero_pasaje}
                  <Text size="xs" c="dimmed" hiddenFrom="sm">{[v.cliente, v.seccion].filter(Boolean).join(' · ')}</Text>
                </Table.Td>
                <Table.Td visibleFrom="sm">{v.cliente}</Table.Td>
                <Table.Td visibleFrom="sm">{v.seccion}</Table.Td>
                <Table.Td>{dayjs(v.hora).isSame(dayjs(), 'day') ? dayjs(v.hora).format('HH:mm') : formatDateTime(v.hora)}</Table.Td>
                {conMonto && <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>{v.monto === null ? '' : formatMoney(v.monto)}</Table.Td>}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ScrollTable>
      )}
    </Paper>
  );
}
