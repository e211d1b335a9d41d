import { Button, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconCalendarEvent, IconClock, IconPlus, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useGenerarSalidas } from '@/api/salidas';
import { FechaInput } from '@/components/FechaInput';
import { errorMessage } from '@/lib/api';
import { useHoy } from '@/lib/dates';
import { useDialog } from '@/lib/dialog';
import { notifyError, notifySuccess } from '@/lib/notify';
import { tienePermiso, useSession } from '@/lib/session';
import { HorariosTable } from '@/features/salidas/components/HorariosTable';
import { SalidaExtraModal } from '@/features/salidas/components/SalidaExtraModal';
import { SalidasDelDia } from '@/features/salidas/components/SalidasDelDia';

/**
 * /admin/horarios-salidas: 'Horarios y salidas' for supervisors and admins: the departures of
 * any date with their state changes, and the timetable per section that generates them.
 */
export function HorariosSalidasPage() {
  const hoy = useHoy();
  const [fecha, setFecha] = useState('');
  const dia = fecha || hoy;
  const { usuario } = useSession();
  const planifica = tienePermiso(usuario, 'configuracion.ver') && tienePermiso(usuario, 'validacion.embarque');
  const generar = useGenerarSalidas();
  const extra = useDialog<string>();

  return (
    <Stack>
      <Title order={1}>Horarios y salidas</Title>
      <Tabs defaultValue="salidas">
        <Tabs.List mb="md">
          <Tabs.Tab value="salidas" leftSection={<IconCalendarEvent size={16} aria-hidden />}>Salidas</Tabs.Tab>
          <Tabs.Tab value="horarios" leftSection={<IconClock size={16} aria-hidden />}>Horarios</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="salidas">
          <Stack>
            <Group justify="space-between" align="flex-end">
              <FechaInput label="Fecha de las salidas" value={dia} onChange={setFecha} w={200} />
              <Group>
                <Button variant="default" leftSection={<IconRefresh size={18} aria-hidden />} loading={generar.isPending}
                  onClick={() => generar.mutate(undefined, {
                    onSuccess: ({ message }) => notifySuccess(message ?? 'Salidas generadas'),
                    onError: (error) => notifyError(errorMessage(error, 'No se pudieron generar las salidas')),
                  })}>
                  Generar salidas
                </Button>
                <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => extra.open(dia)}>Salida extra</Button>
              </Group>
            </Group>
            <Text c="dimmed" size="sm">Embarcados / capacidad habilitada de la embarcación de cada salida.</Text>
            <SalidasDelDia fecha={dia} planifica={planifica} />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="horarios"><HorariosTable /></Tabs.Panel>
      </Tabs>
      <SalidaExtraModal dialog={extra} />
    </Stack>
  );
}
