import { Alert, Button, Group, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import type { ConflictoOffline } from '@/api/conflictos';
import { describirSentido, salidasQuery, useMoverPasaje, type Salida } from '@/api/salidas';
import { errorMessage } from '@/lib/api';
import { useEmpresa } from '@/lib/company';
import { DEFAULT_TIMEZONE, todayIn } from '@/lib/dates';
import { formatDate } from '@/lib/format';
import { notifySuccess } from '@/lib/notify';

/** A departure a passenger can still be moved into: not sailed nor cancelled, with a boat. */
const admite = (x: Salida) => x.estado !== 'zarpo' && x.estado !== 'cancelada' && x.embarcacion_id !== null;

/** '10:30 · Tigre – Tres Bocas · Ida · 2/3 a bordo'. */
const etiqueta = (x: Salida) =>
  `${x.hora} · ${x.seccion} · ${describirSentido(x.sentido)} · ${x.embarcados}/${x.capacidad} a bordo`;

/**
 * For a passenger boarded offline without a seat (embarque_sin_lugar): the departures of the scan's day that still
 * board, and 'Mover a esta salida' (the server checks section, direction and capacity). Once moved, `onMovido`
 * gets the departure's time.
 */
export function MoverASalida({ conflicto: k, pasajeId, onMovido }: { conflicto: ConflictoOffline; pasajeId: number; onMovido: (hora: string) => void }) {
  const { timezone } = useEmpresa();
  const fecha = todayIn(timezone || DEFAULT_TIMEZONE, new Date(k.segundo.momento));
  const salidas = useQuery(salidasQuery(fecha));
  const mover = useMoverPasaje();
  const [salidaId, setSalidaId] = useState<string | null>(null);
  const [movido, setMovido] = useState<string | null>(null);
  const opciones = (salidas.data ?? []).filter(admite).map((x) => ({ value: String(x.id), label: etiqueta(x) }));

  if (movido) return <Text size="sm" fw={600}>Pasajero movido a la salida de las {movido}</Text>;
  const moverla = () => {
    if (!salidaId) return;
    mover.mutate({ pasajeId, salidaId: Number(salidaId) }, {
      onSuccess: ({ data, message }) => {
        notifySuccess(message ?? `Pasajero movido a la salida de las ${data.hasta.hora}`);
        setMovido(data.hasta.hora);
        onMovido(data.hasta.hora);
      },
    });
  };
  return (
    <Stack gap="xs">
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <Select
          label="Salida en que viajó"
          placeholder={salidas.isPending ? 'Cargando salidas…' : 'Elija una salida'}
          data={opciones}
          value={salidaId}
          onChange={setSalidaId}
          disabled={opciones.length === 0}
          style={{ flex: 1 }}
        />
        <Button variant="light" disabled={!salidaId} loading={mover.isPending} onClick={moverla}>Mover a esta salida</Button>
      </Group>
      {salidas.isSuccess && opciones.length === 0 && (
        <Text size="sm" c="dimmed">No hay salidas del {formatDate(fecha)} que sigan embarcando.</Text>
      )}
      {(mover.error ?? salidas.error) && (
        <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
          {mover.error ? errorMessage(mover.error, 'Error al mover el pasajero') : errorMessage(salidas.error, 'Error al cargar las salidas')}
        </Alert>
      )}
    </Stack>
  );
}
