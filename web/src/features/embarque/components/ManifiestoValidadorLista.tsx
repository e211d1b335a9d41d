import { Alert, Badge, Button, Drawer, Group, Stack, Table, Text } from '@mantine/core';
import { IconArrowBackUp, IconCloudOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { FilaManifiesto, Salida } from '@/api/salidas';
import { QueryState } from '@/components/QueryState';
import { ScrollTable } from '@/components/ScrollTable';
import { embarquesLocalesDeSalida, type EmbarqueLocal } from '@/features/embarque/pasajesLocales';
import type { ManifiestoVisto } from '@/api/manifiesto';
import type { DeshacerEnManifiesto } from '@/features/embarque/useDeshacerReciente';
import { formatDateTime, formatNumber } from '@/lib/format';
import { observarCola } from '@/lib/offline/cola';
import type { AccionOffline } from '@/lib/offline/db';

const tramo = (t: string) => (t === 'vuelta' ? 'Vuelta' : 'Ida');

/** This phone's boardings into the departure still in the queue, live, but those the manifest already lists. */
function useEmbarquesLocales(salidaId: number, filas: readonly FilaManifiesto[]): EmbarqueLocal[] {
  const [cola, setCola] = useState<AccionOffline[]>([]);
  useEffect(() => observarCola(setCola), []);
  const { data = [] } = useQuery({
    queryKey: ['pasajesLocales', 'pendientes', 'manifiesto', salidaId, cola.map((a) => a.id).join()],
    queryFn: () => embarquesLocalesDeSalida(cola, salidaId),
    networkMode: 'always',
  });
  const listados = new Set(filas.map((f) => `${f.numero_pasaje}:${f.tramo}`));
  return data.filter((e) => !listados.has(`${e.numero_pasaje}:${e.tramo}`));
}

interface Props {
  salida: Salida;
  visto: ManifiestoVisto;
  /** The undo of the boardings made on this screen (the validator's), if any. */
  deshacer?: DeshacerEnManifiesto;
}

/** 'Deshacer' beside a boarding made on this screen, while the server's term lasts. */
function DeshacerFila({ fila, deshacer }: { fila: FilaManifiesto; deshacer?: DeshacerEnManifiesto }) {
  if (!deshacer?.ids.has(fila.pasaje_id) || fila.correccion) return null;
  return (
    <Button variant="default" size="compact-sm" leftSection={<IconArrowBackUp size={14} aria-hidden />}
      aria-label={`Deshacer el embarque de ${fila.numero_pasaje}`} loading={deshacer.deshaciendoId === fila.pasaje_id}
      disabled={deshacer.deshaciendoId !== null && deshacer.deshaciendoId !== fila.pasaje_id}
      onClick={() => deshacer.onDeshacer(fila.pasaje_id)}>
      Deshacer
    </Button>
  );
}

/**
 * The validator's manifest of its departure: the server's rows (or the copy kept on the phone, with when it
 * was saved) and, marked 'Sin sincronizar', this phone's boardings into it that have not reached the server;
 * 'Deshacer' beside the ones boarded on this screen within the server's term.
 */
export function ManifiestoValidadorLista({ salida, visto, deshacer }: Props) {
  const filas = visto.manifiesto?.filas ?? [];
  const locales = useEmbarquesLocales(salida.id, filas);
  const total = (visto.manifiesto?.total ?? 0) + locales.length;
  return (
    <QueryState pending={visto.pending && visto.isFetching && locales.length === 0} error={locales.length ? null : visto.error}
      errorTitle="Error al cargar el manifiesto" onRetry={visto.refetch}>
      <Stack>
        {visto.local && visto.guardadoEn !== null && (
          <Alert color="yellow" icon={<IconCloudOff aria-hidden />} title="Sin conexión">
            Copia guardada el {formatDateTime(visto.guardadoEn)}.
          </Alert>
        )}
        <Text fw={700}>Pasajeros: {formatNumber(total)} / {formatNumber(salida.capacidad)}</Text>
        {total === 0 ? <Text c="dimmed">Nadie embarcó todavía en esta salida.</Text> : (
          <ScrollTable minWidth={480} aria-label="Pasajeros de la salida">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>N° pasaje</Table.Th>
                <Table.Th>Pasajero</Table.Th>
                <Table.Th>Tramo</Table.Th>
                <Table.Th>Embarque</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {filas.map((f) => (
                <Table.Tr key={`${f.pasaje_id}-${f.tramo}-${f.correccion?.id ?? 0}`}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{f.numero_pasaje}</Table.Td>
                  <Table.Td>{f.pasajero}</Table.Td>
                  <Table.Td>{f.tramo_etiqueta}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Group gap="xs" wrap="nowrap">
                      {f.fecha_embarque ? formatDateTime(f.fecha_embarque) : '—'}
                      <DeshacerFila fila={f} deshacer={deshacer} />
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
              {locales.map((e) => (
                <Table.Tr key={`local-${e.numero_pasaje}-${e.tramo}`}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{e.numero_pasaje}</Table.Td>
                  <Table.Td>{e.pasajero || <Text span c="dimmed" size="sm">—</Text>}</Table.Td>
                  <Table.Td>{tramo(e.tramo)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {formatDateTime(e.embarcado_en)} <Badge color="orange" variant="light">Sin sincronizar</Badge>
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

interface ManifiestoDrawerProps extends Props {
  opened: boolean;
  onClose: () => void;
}

/** The validator's manifest in a drawer from the right (ManifiestoDelValidador opens it). */
export function ManifiestoDrawer({ opened, onClose, salida, visto, deshacer }: ManifiestoDrawerProps) {
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size="lg" title={`Manifiesto: salida de las ${salida.hora}`}>
      {opened && <ManifiestoValidadorLista salida={salida} visto={visto} deshacer={deshacer} />}
    </Drawer>
  );
}
