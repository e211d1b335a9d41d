import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useEstadoServicios, type Servicio } from '@/api/servicios';
import { EstadoServicioBadge } from '@/components/EstadoServicioBadge';
import { QueryState } from '@/components/QueryState';
import { DetallesTecnicos } from '@/components/DetallesTecnicos';
import { formatDecimal } from '@/lib/format';

/** A latency with one decimal; under a tenth of a millisecond (a local database) not '0,0 ms'. */
function latencia(ms: number): string {
  return ms < 0.1 ? 'menos de 0,1 ms' : `${formatDecimal(ms, 1)} ms`;
}

function TarjetaServicio({ s }: { s: Servicio }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={s.nombre}>
      <Group justify="space-between" mb="xs">
        <Title order={3} size="h4">{s.nombre}</Title>
        <EstadoServicioBadge estado={s.estado} />
      </Group>
      <Stack gap={4}>
        {s.estado !== 'sin_configurar' && <Text size="sm">{s.detalles}</Text>}
        <DetallesTecnicos detalle={s.detalle} />
        {s.latencia_ms != null && <Text size="sm">Latencia: {latencia(s.latencia_ms)}</Text>}
        {s.clientes_activos != null && <Text size="sm">Clientes activos: {s.clientes_activos}</Text>}
        <Text size="xs" c="dimmed">Última verificación: {dayjs(s.ultima_verificacion).format('DD/MM/YYYY HH:mm:ss')}</Text>
      </Stack>
    </Paper>
  );
}

/** 'Estado de Servicios' (backoffice §2.13): each service as the server found it now, every 30 s. */
export function EstadoServiciosPage() {
  const query = useEstadoServicios();
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>Estado de Servicios</Title>
          <Text c="dimmed">Se verifica cada 30 segundos</Text>
        </div>
        <Button variant="default" leftSection={<IconRefresh size={16} aria-hidden />} loading={query.isFetching} onClick={() => void query.refetch()}>
          Verificar ahora
        </Button>
      </Group>
      <QueryState pending={query.isPending} error={query.error} errorTitle="Error al verificar los servicios" onRetry={() => void query.refetch()}>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
          {query.data?.map((s) => <TarjetaServicio key={s.clave} s={s} />)}
        </SimpleGrid>
      </QueryState>
    </Stack>
  );
}
