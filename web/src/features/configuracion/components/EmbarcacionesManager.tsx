import { ActionIcon, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconPencil, IconPlayerPause, IconPlayerPlay, IconPlus, IconShip } from '@tabler/icons-react';
import { embarcacionesQuery, useActivarEmbarcacion, type Embarcacion } from '@/api/salidas';
import { EmptyState } from '@/components/EmptyState';
import { QueryState } from '@/components/QueryState';
import { ScrollTable } from '@/components/ScrollTable';
import { errorMessage } from '@/lib/api';
import { useHoy } from '@/lib/dates';
import { useDialog } from '@/lib/dialog';
import { formatDate, formatNumber } from '@/lib/format';
import { configToast } from '@/lib/notify';
import { EmbarcacionFormModal } from './EmbarcacionFormModal';
import { EstadoBadge } from './EstadoBadge';

/** Days before expiry a certificate is flagged (domain.DiasAvisoCertificado). */
const DIAS_AVISO = 30;

function diasHasta(hoy: string, fecha: string): number {
  return Math.round((Date.parse(`${fecha}T00:00:00Z`) - Date.parse(`${hoy}T00:00:00Z`)) / 86_400_000);
}

/** 'Vencido' or 'Por vencer' next to the certificate's date. */
function AvisoCertificado({ hoy, vence }: { hoy: string; vence: string }) {
  const dias = diasHasta(hoy, vence);
  if (dias < 0) return <Badge color="red" variant="light">Vencido</Badge>;
  if (dias <= DIAS_AVISO) return <Badge color="orange" variant="light">Por vencer</Badge>;
  return null;
}

function distribucion(b: Embarcacion): string {
  return b.asientos != null && b.de_pie != null ? `${formatNumber(b.asientos)} sentados · ${formatNumber(b.de_pie)} de pie` : '';
}

/** The company's boats with their certified capacity and certificate, created, edited and (de)activated here. */
export function EmbarcacionesManager() {
  const query = useQuery(embarcacionesQuery);
  const formDialog = useDialog<Embarcacion | null>();
  const activar = useActivarEmbarcacion();
  const hoy = useHoy();

  const cambiarActivo = async (b: Embarcacion) => {
    try {
      const { message } = await activar.mutateAsync({ id: b.id, activo: !b.activo });
      configToast.success(message ?? 'Cambios guardados');
    } catch (error) {
      configToast.error(errorMessage(error, 'No se pudo cambiar la embarcación'));
    }
  };

  return (
    <Stack>
      <Group justify="space-between">
        <Text c="dimmed">Las embarcaciones de la empresa, su capacidad habilitada y el vencimiento de su certificado.</Text>
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => formDialog.open(null)}>Nueva embarcación</Button>
      </Group>
      <QueryState pending={query.isPending} error={query.data ? null : query.error} errorTitle="Error al cargar las embarcaciones"
        onRetry={() => void query.refetch()}>
        {query.data?.length === 0 ? (
          <EmptyState icon={IconShip} title="No hay embarcaciones" message="Crea la primera con «Nueva embarcación»." />
        ) : (
          <ScrollTable minWidth={{ base: 0, sm: 640 }} aria-label="Embarcaciones">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Nombre</Table.Th>
                <Table.Th visibleFrom="sm">Matrícula</Table.Th>
                <Table.Th ta="right">Capacidad</Table.Th>
                <Table.Th visibleFrom="sm">Certificado vence</Table.Th>
                <Table.Th>Estado</Table.Th>
                <Table.Th ta="right">Acciones</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(query.data ?? []).map((b) => (
                <Table.Tr key={b.id}>
                  <Table.Td>
                    <Text fw={500} size="sm">{b.nombre}</Text>
                    <Text c="dimmed" size="xs" hiddenFrom="sm">{b.matricula} · vence {formatDate(b.vencimiento_certificado)}</Text>
                    <Group hiddenFrom="sm" gap={4}><AvisoCertificado hoy={hoy} vence={b.vencimiento_certificado} /></Group>
                  </Table.Td>
                  <Table.Td visibleFrom="sm">{b.matricula}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    <Text size="sm">{formatNumber(b.capacidad)} pasajeros</Text>
                    {distribucion(b) && <Text c="dimmed" size="xs">{distribucion(b)}</Text>}
                  </Table.Td>
                  <Table.Td visibleFrom="sm">
                    <Group gap="xs" wrap="nowrap">
                      <Text size="sm">{formatDate(b.vencimiento_certificado)}</Text>
                      <AvisoCertificado hoy={hoy} vence={b.vencimiento_certificado} />
                    </Group>
                  </Table.Td>
                  <Table.Td><EstadoBadge activo={b.activo} /></Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <ActionIcon variant="subtle" size="lg" aria-label={`Editar ${b.nombre}`} onClick={() => formDialog.open(b)}>
                        <IconPencil size={18} aria-hidden />
                      </ActionIcon>
                      <ActionIcon variant="subtle" color={b.activo ? 'red' : 'green'} size="lg"
                        aria-label={`${b.activo ? 'Desactivar' : 'Activar'} ${b.nombre}`} onClick={() => void cambiarActivo(b)}>
                        {b.activo ? <IconPlayerPause size={18} aria-hidden /> : <IconPlayerPlay size={18} aria-hidden />}
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ScrollTable>
        )}
      </QueryState>
      <EmbarcacionFormModal dialog={formDialog} />
    </Stack>
  );
}
