import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconCalendarEvent, IconClipboardList } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { salidasQuery } from '@/api/salidas';
import { EmptyState } from '@/components/EmptyState';
import { FechaInput } from '@/components/FechaInput';
import { QueryState } from '@/components/QueryState';
import { TablaSalidas } from '@/components/TablaSalidas';
import { useHoy } from '@/lib/dates';
import { formatDate } from '@/lib/format';
import { roleName, tienePermiso, useSession } from '@/lib/session';
import { ManifiestoSalida } from '@/features/salidas/components/ManifiestoSalida';

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
          <TablaSalidas dia={dia} salidas={data ?? []} elegida={elegida} accion={{
            titulo: 'Manifiesto',
            celda: (s) => (
              <Button size="xs" variant={s.id === elegida ? 'filled' : 'default'}
                leftSection={<IconClipboardList size={14} aria-hidden />}
                aria-label={`Ver manifiesto: ${s.hora} ${s.seccion}`}
                onClick={() => setParams({ salida: String(s.id) })}>
                Ver
              </Button>
            ),
          }} />
        )}
      </QueryState>
      {elegida !== null && <ManifiestoSalida key={elegida} salidaId={elegida} corrige={corrige} />}
    </Stack>
  );
}
