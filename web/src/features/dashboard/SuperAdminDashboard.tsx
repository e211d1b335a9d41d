import { Alert, Center, Group, List, Loader, SegmentedControl, Stack, Switch, Tabs, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { globalStatsQuery, type GlobalStats } from '@/api/dashboard';
import { DashboardError } from './DashboardError';
import { AvisosModulos } from '@/components/AvisosModulos';
import { DashboardHeader } from './DashboardHeader';
import { EstadoServicios } from './EstadoServicios';
import { PestanaEmpresas, PestanaMonitoreo, PestanaVistaGeneral } from './PestanasGlobales';

/** Auto-refresh choices (operaciones §9): 10 s, 30 s (default) or 1 min. */
const INTERVALOS = [
  { value: '10000', label: '10 s' },
  { value: '30000', label: '30 s' },
  { value: '60000', label: '1 min' },
];

/** Global dashboard (super_admin): every company, the services and this server's live figures. */
export function SuperAdminDashboard() {
  const [automatico, setAutomatico] = useState(true);
  const [intervalo, setIntervalo] = useState('30000');
  const stats = useQuery({ ...globalStatsQuery, refetchInterval: automatico ? Number(intervalo) : false });
  const data = stats.data;
  return (
    <Stack>
      <DashboardHeader title="Dashboard Global" subtitle="Todas las empresas del sistema" />
      <AvisosModulos />
      <Group>
        <Switch label="Actualización automática" checked={automatico} onChange={(e) => setAutomatico(e.currentTarget.checked)} />
        <SegmentedControl
          aria-label="Intervalo de actualización"
          data={INTERVALOS}
          value={intervalo}
          onChange={setIntervalo}
          disabled={!automatico}
        />
      </Group>
      {stats.isPending && <Center py="xl"><Loader aria-label="Cargando estadísticas" /></Center>}
      {stats.isError && !data && <DashboardError error={stats.error} onRetry={() => stats.refetch()} />}
      {data && <Contenido data={data} />}
    </Stack>
  );
}

function Contenido({ data }: { data: GlobalStats }) {
  return (
    <>
      <Alertas alertas={data.alertas} />
      <Tabs defaultValue="general" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="general">Vista General</Tabs.Tab>
          <Tabs.Tab value="empresas">Empresas</Tabs.Tab>
          <Tabs.Tab value="servicios">Servicios</Tabs.Tab>
          <Tabs.Tab value="monitoreo">Monitoreo</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="general" pt="md"><PestanaVistaGeneral data={data} /></Tabs.Panel>
        <Tabs.Panel value="empresas" pt="md"><PestanaEmpresas empresas={data.empresas} /></Tabs.Panel>
        <Tabs.Panel value="servicios" pt="md"><EstadoServicios servicios={data.estado_servicios} /></Tabs.Panel>
        <Tabs.Panel value="monitoreo" pt="md"><PestanaMonitoreo monitoreo={data.monitoreo} /></Tabs.Panel>
      </Tabs>
    </>
  );
}

const COLOR_ALERTA = { error: 'red', warning: 'yellow', info: 'blue' } as const;
const ETIQUETA_ALERTA = { error: 'Error', warning: 'Advertencia', info: 'Aviso' } as const;

/** The alerts the server computed from the system's state, most serious first. */
function Alertas({ alertas }: { alertas: GlobalStats['alertas'] }) {
  if (alertas.length === 0) return null;
  const peor = alertas[0]?.tipo ?? 'info';
  return (
    <Alert color={COLOR_ALERTA[peor]} title="Alertas del sistema" icon={<IconAlertTriangle aria-hidden />}>
      <List size="sm">
        {alertas.map((a) => (
          <List.Item key={a.mensaje}>
            <Text size="sm" c={COLOR_ALERTA[a.tipo]} span fw={600}>{ETIQUETA_ALERTA[a.tipo]}:</Text>{' '}
            {a.mensaje}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
