import { Alert, Button, Group, Select, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { disponibilidadQuery, useCambiarSalidaPasaje, type PasajeDetalle, type SalidaDisponible } from '@/api/pasajes';
import { errorMessage } from '@/lib/api';
import { formatNumber } from '@/lib/format';
import { notifySuccess } from '@/lib/notify';

/** A departure that still boards, with room (or no boat: no limit of its own). */
const elegible = (s: SalidaDisponible) =>
  (s.estado === 'programada' || s.estado === 'embarcando') && (s.capacidad === 0 || s.quedan > 0);

/** How a departure reads among the choices. */
const opcion = (s: SalidaDisponible) => ({
  value: String(s.id),
  label: `${s.hora} · ${s.embarcacion || 'Sin embarcación'}${s.sentido === 'vuelta' ? ' · Vuelta' : ''} · ${
    s.capacidad === 0 ? 'sin límite' : `quedan ${formatNumber(s.quedan)}`}`,
  disabled: !elegible(s),
});

/**
 * Moves an active ticket to another departure of its section and day (whoever edits tickets), when the day
 * has departures: a passenger who wants the next boat.
 */
export function CambiarSalidaPasaje({ p }: { p: PasajeDetalle }) {
  const dia = useQuery(disponibilidadQuery(p.seccion_id, p.fecha_viaje));
  const cambiar = useCambiarSalidaPasaje();
  const [destino, setDestino] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const otras = (dia.data?.salidas_del_dia ?? []).filter((s) => s.id !== p.salida?.id);
  if (otras.length === 0) return null;
  const enviar = async () => {
    if (!destino) {
      setError('Elija la salida a la que pasa el pasaje');
      return;
    }
    try {
      const { message } = await cambiar.mutateAsync({ pasajeId: p.id, salidaId: Number(destino) });
      notifySuccess(message ?? 'Salida del pasaje cambiada');
      setDestino(null);
      setError(null);
    } catch (err) {
      setError(errorMessage(err, 'No se pudo cambiar la salida del pasaje'));
    }
  };
  return (
    <Stack gap="xs" mt="md">
      <Group align="flex-end" gap="xs">
        <Select label={p.salida ? 'Pasar a otra salida' : 'Asignar una salida'} placeholder="Elija la salida" data={otras.map(opcion)}
          value={destino} onChange={(v) => { setDestino(v); setError(null); }} style={{ flex: 1 }} />
        <Button variant="default" loading={cambiar.isPending} onClick={() => void enviar()}>Cambiar salida</Button>
      </Group>
      {error && <Alert color="red" role="alert">{error}</Alert>}
    </Stack>
  );
}
