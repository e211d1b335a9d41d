import { Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconArrowsExchange } from '@tabler/icons-react';
import { salidaDetalleQuery, type Salida } from '@/api/salidas';
import { QueryState } from '@/components/QueryState';
import { ScrollTable } from '@/components/ScrollTable';
import { useDialog, type Dialog } from '@/lib/dialog';
import { formatDateTime, formatNumber } from '@/lib/format';
import { MoverPasajeroModal, type PasajeroAMover } from '@/features/salidas/components/MoverPasajeroModal';

/** The passengers over a departure's capacity (the last boarded), each with 'Mover'; the list refreshes after every move. */
function Excedentes({ salida, onMover }: { salida: Salida; onMover: (p: PasajeroAMover) => void }) {
  const detalle = useQuery(salidaDetalleQuery(salida.id));
  const lista = detalle.data?.excedentes ?? [];
  return (
    <QueryState pending={detalle.isPending} error={detalle.error} errorTitle="Error al cargar los pasajeros"
      onRetry={() => void detalle.refetch()}>
      <Stack>
        <Text size="sm">
          La embarcación de la salida de las {salida.hora} lleva {formatNumber(detalle.data?.capacidad ?? salida.capacidad)} pasajeros
          y tiene {formatNumber(detalle.data?.embarcados ?? salida.embarcados)} a bordo. Mueva a otra salida a los últimos en embarcar:
          la salida no puede zarpar hasta entonces.
        </Text>
        {lista.length === 0 ? <Text size="sm" fw={600}>Ya no hay pasajeros por encima de la capacidad.</Text> : (
          <ScrollTable minWidth={420} aria-label="Pasajeros por encima de la capacidad">
            <Table.Thead>
              <Table.Tr><Table.Th>N° pasaje</Table.Th><Table.Th>Pasajero</Table.Th><Table.Th>Embarque</Table.Th><Table.Th /></Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lista.map((p) => (
                <Table.Tr key={p.pasaje_id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{p.numero_pasaje}</Table.Td>
                  <Table.Td>{p.cliente_nombre || '—'}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(p.fecha_embarque)}</Table.Td>
                  <Table.Td>
                    <Group justify="flex-end">
                      <Button size="xs" variant="default" leftSection={<IconArrowsExchange size={14} aria-hidden />}
                        aria-label={`Mover ${p.cliente_nombre || p.numero_pasaje} a otra salida`}
                        onClick={() => onMover({ pasajeId: p.pasaje_id, numero: p.numero_pasaje, nombre: p.cliente_nombre,
                          salidaId: salida.id, fecha: salida.fecha })}>
                        Mover
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ScrollTable>
        )}
      </Stack>
    </QueryState>
  );
}

/** 'Pasajeros por encima de la capacidad' of a departure whose boat was changed to a smaller one. */
export function ExcedentesModal({ dialog }: { dialog: Dialog<Salida> }) {
  const mover = useDialog<PasajeroAMover>();
  return (
    <>
      <Modal opened={dialog.opened && !mover.opened} onClose={dialog.close} title="Pasajeros por encima de la capacidad" centered size="lg">
        {dialog.value !== null && <Excedentes key={dialog.key} salida={dialog.value} onMover={mover.open} />}
      </Modal>
      <MoverPasajeroModal dialog={mover} />
    </>
  );
}
