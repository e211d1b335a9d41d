import { Button, Center, Group, Loader, Paper, Progress, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconListCheck, IconMapPin, IconQrcode, IconRefresh, type Icon } from '@tabler/icons-react';
import { Link } from 'react-router';
import { QueryState } from '@/components/QueryState';
import { StatCard } from '@/components/StatCard';
import { formatNumber } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useModuloActivo } from '@/lib/session';
import { DashboardHeader } from './DashboardHeader';
import { lanchaRecientesQuery, lanchaStatsQuery, type LanchaStats } from '@/api/dashboard';
import { ValidacionesRecientes } from './ValidacionesRecientes';

const ACCESOS: { to: string; titulo: string; texto: string; icon: Icon }[] = [
  { to: paths.validador, titulo: 'Validar Pasajes', texto: 'Escanear el QR o ingresar el código', icon: IconQrcode },
  { to: paths.listaPasajeros, titulo: 'Lista de Pasajeros', texto: 'Pasajeros del día y su estado', icon: IconListCheck },
  { to: paths.rutas, titulo: 'Rutas y Secciones', texto: 'Secciones activas y su capacidad', icon: IconMapPin },
];

/** The boat crew's screens, all of the embarque module: none while the company lacks it. */
function Accesos() {
  if (!useModuloActivo('embarque')) return null;
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      {ACCESOS.map(({ to, titulo, texto, icon: AccesoIcon }) => (
        <Paper key={to} component={Link} to={to} withBorder p="md" radius="md" style={{ color: 'inherit', textDecoration: 'none' }}>
          <Group wrap="nowrap">
            <ThemeIcon size={48} radius="md"><AccesoIcon size={28} aria-hidden /></ThemeIcon>
            <div>
              <Text fw={700} fz="lg">{titulo}</Text>
              <Text size="sm" c="dimmed">{texto}</Text>
            </div>
          </Group>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

function Contadores({ stats }: { stats: LanchaStats }) {
  const progreso = Math.round(stats.porcentaje_completado);
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
        <StatCard label="Embarcados" value={formatNumber(stats.embarcados_hoy)} note={`Validaste: ${formatNumber(stats.mis_embarcados_hoy)}`} />
        <StatCard label="Pendientes" value={formatNumber(stats.pendientes_hoy)} note="Sin embarcar" />
        <StatCard label="Total Hoy" value={formatNumber(stats.total_pasajes_hoy)} />
        <StatCard label="Progreso" value={`${progreso}%`} />
      </SimpleGrid>
      <Progress value={progreso} size="xl" radius="xl" aria-label="Progreso del embarque de hoy" />
    </Stack>
  );
}

function Cargando() {
  return (
    <Center py="xl">
      <Group>
        <Loader size="sm" aria-hidden />
        <Text>Cargando dashboard...</Text>
      </Group>
    </Center>
  );
}

/** Boarding dashboard (lancha): shortcuts, today's counters and the latest validations, every 30 s. */
export function LanchaDashboard() {
  const stats = useQuery(lanchaStatsQuery);
  const recientes = useQuery(lanchaRecientesQuery);
  const actualizar = () => void Promise.all([stats.refetch(), recientes.refetch()]);
  const error = (!stats.data && stats.error) || (!recientes.data && recientes.error) || null;

  return (
    <Stack>
      <Group justify="space-between" align="flex-start">
        <DashboardHeader title="Control de Embarque" subtitle="Panel de validación" />
        <Button variant="default" leftSection={<IconRefresh aria-hidden />} loading={stats.isFetching || recientes.isFetching} onClick={actualizar}>
          Actualizar
        </Button>
      </Group>
      <Accesos />
      {stats.isPending || recientes.isPending ? (
        <Cargando />
      ) : (
        <QueryState pending={false} error={error} errorTitle="Error al cargar datos del dashboard" onRetry={actualizar}>
          {stats.data && <Contadores stats={stats.data} />}
          {recientes.data && <ValidacionesRecientes validaciones={recientes.data} />}
        </QueryState>
      )}
    </Stack>
  );
}
