import { Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconCalendarEvent, IconRefresh, IconShip } from '@tabler/icons-react';
import { useState } from 'react';
import { EmptyState } from '@/components/EmptyState';
import { FechaInput } from '@/components/FechaInput';
import { QueryState } from '@/components/QueryState';
import { TablaSalidas } from '@/components/TablaSalidas';
import { useHoy } from '@/lib/dates';
import { formatDate } from '@/lib/format';
import { viajesProgramadosQuery, type ViajesDelDia } from '@/api/embarque';
import { salidasQuery } from '@/api/salidas';
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

/** The departures of the screen's date with boarded / capacity (the boat's certified capacity) and their state. */
function SalidasDeFecha({ dia }: { dia: string }) {
  const { data, isPending, error, refetch } = useQuery({ ...salidasQuery(dia), refetchInterval: 30_000 });
  return (
    <Stack gap="sm" component="section" aria-label="Salidas">
      <Title order={2} size="h3">Salidas</Title>
      <QueryState pending={isPending} error={data ? null : error} errorTitle="Error al cargar las salidas" onRetry={() => void refetch()}>
        {data?.length === 0 ? (
          <EmptyState icon={IconCalendarEvent} title="No hay salidas" message={`No hay salidas programadas el ${formatDate(dia)}.`} />
        ) : (
          <TablaSalidas dia={dia} salidas={data ?? []} />
        )}
      </QueryState>
    </Stack>
  );
}

/**
 * 'Estado de Viajes': the boarding by section of a date (today by default) and of the day after it,
 * refreshed every 30 s, and that date's departures. Any date can be chosen (dd/mm/aaaa).
 */
export function EstadoViajesPage() {
  const hoy = useHoy();
  const [fecha, setFecha] = useState('');
  const dia = fecha || hoy;
  const esHoy = dia === hoy;
  // Today asks without a date: the server's day, whatever the browser's clock says.
  const { data, isPending, error, refetch, isFetching } = useQuery(viajesProgramadosQuery(esHoy ? '' : dia));
  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>Estado de Viajes</Title>
          <Text c="dimmed">Embarque por sección de la fecha elegida y del día siguiente. Se actualiza cada 30 segundos.</Text>
        </div>
        <Group align="flex-end">
          <FechaInput label="Fecha" value={dia} onChange={setFecha} w={180} />
          {!esHoy && <Button variant="subtle" onClick={() => setFecha('')}>Volver a hoy</Button>}
          <Button leftSection={<IconRefresh aria-hidden />} variant="default" loading={isFetching} onClick={() => void refetch()}>
            Actualizar
          </Button>
        </Group>
      </Group>
      <QueryState pending={isPending} error={data ? null : error} errorTitle="Error al cargar los viajes" onRetry={() => void refetch()}>
        {data && (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <Dia titulo={esHoy ? 'Hoy' : 'Fecha elegida'} dia={data.hoy} />
            <Dia titulo={esHoy ? 'Mañana' : 'Día siguiente'} dia={data.manana} />
          </SimpleGrid>
        )}
      </QueryState>
      <SalidasDeFecha dia={dia} />
    </Stack>
  );
}
