import { Badge, Button, Group, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconCalendarEvent, IconClipboardList } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ESTADOS_SALIDA, salidasQuery, type EstadoSalida, type Salida } from '@/api/salidas';
import { EmptyState } from '@/components/EmptyState';
import { FechaInput } from '@/components/FechaInput';
import { QueryState } from '@/components/QueryState';
import { ScrollTable } from '@/components/ScrollTable';
import { useHoy } from '@/lib/dates';
import { formatDate, formatNumber } from '@/lib/format';
import { roleName, tienePermiso, useSession } from '@/lib/session';
import { ManifiestoSalida } from '@/features/salidas/components/ManifiestoSalida';

/** A departure's load: on board / certified capacity, with a bar. */
function Carga({ s }: { s: Salida }) {
  const porcentaje = s.capacidad > 0 ? Math.min(100, Math.round((s.embarcados * 100) / s.capacidad)) : 0;
  return (
    <>
      <Text size="sm">{formatNumber(s.embarcados)} / {formatNumber(s.capacidad)}</Text>
      <Progress value={porcentaje} size="sm" color={porcentaje >= 100 ? 'red' : undefined}
        aria-label={`Ocupación de la salida de las ${s.hora}: ${porcentaje}%`} />
    </>
  );
}

/**
 * /admin/manifiestos: a date's departures (today by default) with their load, refreshed on every boarding
 * (pasajeValidado) and every 30 s, and the manifest of the one chosen (?salida=id): its passengers, totals,
 * 'Imprimir' (A4 PDF) and 'Descargar CSV'; supervisors and admins correct a sailed one.
 */
export function ManifiestosPage() {
  const hoy = useHoy();
  const [fecha, setFecha] = useState('');
  const dia = fecha || hoy;
  const [params, setParams] = useSearchParams();
  const elegida = Number(params.get('salida')) || null;
  const { usuario } = useSession();
  // built-in roles by name, custom roles by the two permissions the server asks (domain.AccesoCorregirManifiesto)
  const corrige = ['admin', 'supervisor', 'super_admin'].includes(roleName(usuario) ?? '')
    || (tienePermiso(usuario, 'configuracion.ver') && tienePermiso(usuario, 'validacion.embarque'));
  const { data, isPending, error, refetch } = useQuery({ ...salidasQuery(dia), refetchInterval: 30_000 });

  return (
    <Stack>
      <div>
        <Title order={1}>Manifiestos</Title>
        <Text c="dimmed">Las salidas con su carga, en vivo. Elija una salida para ver, imprimir o descargar su manifiesto.</Text>
      </div>
      <Group align="flex-end">
        <FechaInput label="Fecha de las salidas" value={dia} onChange={setFecha} w={200} />
      </Group>
      <QueryState pending={isPending} error={data ? null : error} errorTitle="Error al cargar las salidas" onRetry={() => void refetch()}>
        {data?.length === 0 ? (
          <EmptyState icon={IconCalendarEvent} title="No hay salidas" message={`No hay salidas el ${formatDate(dia)}.`} />
        ) : (
          <ScrollTable minWidth={{ base: 0, sm: 640 }} aria-label={`Salidas del ${formatDate(dia)}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Hora</Table.Th>
                <Table.Th>Sección</Table.Th>
                <Table.Th visibleFrom="sm">Embarcación</Table.Th>
                <Table.Th ta="right">A bordo / capacidad</Table.Th>
                <Table.Th visibleFrom="sm">Estado</Table.Th>
                <Table.Th ta="right">Manifiesto</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(data ?? []).map((s) => {
                const e = ESTADOS_SALIDA[s.estado as EstadoSalida] ?? { label: s.estado, color: 'gray' };
                return (
                  <Table.Tr key={s.id} aria-current={s.id === elegida ? 'true' : undefined}>
                    <Table.Td fw={600}>{s.hora}</Table.Td>
                    <Table.Td>
                      <Text size="sm">{s.seccion}</Text>
                      <Badge hiddenFrom="sm" color={e.color} variant="light">{e.label}</Badge>
                    </Table.Td>
                    <Table.Td visibleFrom="sm">{s.embarcacion ?? <Text span c="dimmed" size="sm">Sin embarcación</Text>}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}><Carga s={s} /></Table.Td>
                    <Table.Td visibleFrom="sm"><Badge color={e.color} variant="light">{e.label}</Badge></Table.Td>
                    <Table.Td ta="right">
                      <Button size="xs" variant={s.id === elegida ? 'filled' : 'default'}
                        leftSection={<IconClipboardList size={14} aria-hidden />}
                        aria-label={`Ver manifiesto: ${s.hora} ${s.seccion}`}
                        onClick={() => setParams({ salida: String(s.id) })}>
                        Ver
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </ScrollTable>
        )}
      </QueryState>
      {elegida !== null && <ManifiestoSalida key={elegida} salidaId={elegida} corrige={corrige} />}
    </Stack>
  );
}
