import { Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconRefresh, IconShip } from '@tabler/icons-react';
import { EmptyState } from '@/components/EmptyState';
import { QueryState } from '@/components/QueryState';
import { formatDate } from '@/lib/format';
import { viajesProgramadosQuery, type ViajesDelDia } from '@/api/embarque';
import { ViajeSeccionCard } from '@/features/embarque/components/ViajeSeccionCard';

function Dia({ titulo, dia }: { titulo: string; dia: ViajesDelDia }) {
  return (
    <Stack gap="sm" component="section" aria-label={titulo}>
      <Title order={2} size="h3">
        {titulo} <Text span c="dimmed" fz="md">{formatDate(dia.fecha)}</Text>
      </Title>
      {dia.secciones.length === 0 ? (
        <EmptyState icon={IconShip} title="No hay viajes programados" message="No hay pasajes vendidos para este día." />
      ) : (
        dia.secciones.map((viaje) => <ViajeSeccionCard key={viaje.seccion_id} viaje={viaje} />)
      )}
    </Stack>
  );
}

/** 'Estado de Viajes': today's and tomorrow's boarding by section, refreshed every 30 s. */
export function EstadoViajesPage() {
  const { data, isPending, error, refetch, isFetching } = useQuery(viajesProgramadosQuery);
  return (
    <Stack>
      <Group justify="space-between">
        <div>
          <Title order={1}>Estado de Viajes</Title>
          <Text c="dimmed">Embarque por sección, hoy y mañana. Se actualiza cada 30 segundos.</Text>
        </div>
        <Button leftSection={<IconRefresh aria-hidden />} variant="default" loading={isFetching} onClick={() => void refetch()}>
          Actualizar
        </Button>
      </Group>
      <QueryState pending={isPending} error={data ? null : error} errorTitle="Error al cargar los viajes" onRetry={() => void refetch()}>
        {data && (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <Dia titulo="Hoy" dia={data.hoy} />
            <Dia titulo="Mañana" dia={data.manana} />
          </SimpleGrid>
        )}
      </QueryState>
    </Stack>
  );
}
