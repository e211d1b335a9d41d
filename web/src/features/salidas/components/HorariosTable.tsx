import { ActionIcon, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconClock, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { catalogoQuery } from '@/api/config';
import { describirDias, describirSentido, embarcacionesQuery, horariosQuery, useEliminarHorario, type Horario } from '@/api/salidas';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { EmptyState } from '@/components/EmptyState';
import { QueryState } from '@/components/QueryState';
import { ScrollTable } from '@/components/ScrollTable';
import { errorMessage } from '@/lib/api';
import { useDialog } from '@/lib/dialog';
import { notifyError, notifySuccess } from '@/lib/notify';
import { HorarioFormModal } from './HorarioFormModal';

/** The timetable of every section: time, days, default boat; created, edited and deleted here. */
export function HorariosTable() {
  const query = useQuery(horariosQuery);
  const secciones = useQuery(catalogoQuery('secciones'));
  const embarcaciones = useQuery(embarcacionesQuery);
  const formDialog = useDialog<Horario | null>();
  const eliminar = useEliminarHorario();
  const [porEliminar, setPorEliminar] = useState<Horario | null>(null);

  const seccion = (id: number) => secciones.data?.find((s) => s.id === id)?.nombre ?? '';
  const barco = (id: number | null) => (id == null ? null : embarcaciones.data?.find((b) => b.id === id)?.nombre ?? null);
  const filas = [...(query.data ?? [])].sort((a, b) => seccion(a.seccion_id).localeCompare(seccion(b.seccion_id)) || a.hora.localeCompare(b.hora));

  return (
    <Stack>
      <Group justify="space-between">
        <Text c="dimmed">Cada horario genera sus salidas de los próximos 7 días.</Text>
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => formDialog.open(null)}>Nuevo horario</Button>
      </Group>
      <QueryState pending={query.isPending} error={query.data ? null : query.error} errorTitle="Error al cargar los horarios"
        onRetry={() => void query.refetch()}>
        {filas.length === 0 ? (
          <EmptyState icon={IconClock} title="No hay horarios" message="Crea el primero con «Nuevo horario»." />
        ) : (
          <ScrollTable minWidth={{ base: 0, sm: 600 }} aria-label="Horarios">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Sección</Table.Th>
                <Table.Th>Hora</Table.Th>
                <Table.Th>Días</Table.Th>
                <Table.Th visibleFrom="sm">Embarcación</Table.Th>
                <Table.Th ta="right">Acciones</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {filas.map((h) => (
                <Table.Tr key={h.id}>
                  <Table.Td>
                    <Text size="sm">{seccion(h.seccion_id)} · {describirSentido(h.sentido)}</Text>
                    {!h.activo && <Badge color="gray" variant="outline">Inactivo</Badge>}
                  </Table.Td>
                  <Table.Td fw={600}>{h.hora}</Table.Td>
                  <Table.Td>{describirDias(h.dias)}</Table.Td>
                  <Table.Td visibleFrom="sm">{barco(h.embarcacion_id) ?? <Text span c="dimmed" size="sm">Sin embarcación</Text>}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <ActionIcon variant="subtle" size="lg" aria-label={`Editar el horario de las ${h.hora} a ${seccion(h.seccion_id)}`}
                        onClick={() => formDialog.open(h)}>
                        <IconPencil size={18} aria-hidden />
                      </ActionIcon>
                      <ActionIcon variant="subtle" color="red" size="lg" aria-label={`Eliminar el horario de las ${h.hora} a ${seccion(h.seccion_id)}`}
                        onClick={() => setPorEliminar(h)}>
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ScrollTable>
        )}
      </QueryState>
      <HorarioFormModal dialog={formDialog} />
      <ConfirmDialog opened={porEliminar !== null} title="Eliminar horario" confirmLabel="Eliminar" loading={eliminar.isPending}
        onClose={() => setPorEliminar(null)}
        onConfirm={() => porEliminar && eliminar.mutate(porEliminar.id, {
          onSuccess: ({ message }) => notifySuccess(message ?? 'Horario eliminado'),
          onError: (error) => notifyError(errorMessage(error, 'No se pudo eliminar el horario')),
          onSettled: () => setPorEliminar(null),
        })}>
        {porEliminar && `Se eliminará el horario de las ${porEliminar.hora} a ${seccion(porEliminar.seccion_id)} y sus salidas programadas que aún no llegaron.`}
      </ConfirmDialog>
    </Stack>
  );
}
