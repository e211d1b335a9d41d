import { Alert, Modal, Radio, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { describirSentido, salidasQuery, useMoverPasaje, type Salida } from '@/api/salidas';
import { FormActions } from '@/components/FormActions';
import { errorMessage } from '@/lib/api';
import type { Dialog } from '@/lib/dialog';
import { formatNumber } from '@/lib/format';
import { notifySuccess } from '@/lib/notify';

/** A boarded passenger to move, and the departure (of `fecha`) it is on. */
export interface PasajeroAMover {
  pasajeId: number;
  numero: string;
  nombre: string;
  salidaId: number;
  fecha: string;
}

/**
 * Where a passenger of departure `desde` may go (MoverPasaje's rules, checked by the server too): the
 * same day's other departures of its section and direction that still board, with a boat. Full ones
 * are listed, unavailable, so the crew sees why.
 */
export function destinosPosibles(salidas: readonly Salida[], desde: Salida): Salida[] {
  return salidas.filter((s) => s.id !== desde.id && s.seccion_id === desde.seccion_id && s.sentido === desde.sentido &&
    (s.estado === 'programada' || s.estado === 'embarcando') && s.embarcacion_id != null);
}

const llena = (s: Salida) => s.embarcados >= s.capacidad;

function MoverForm({ p, onDone }: { p: PasajeroAMover; onDone: () => void }) {
  const salidas = useQuery(salidasQuery(p.fecha));
  const mover = useMoverPasaje();
  const [destino, setDestino] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const desde = salidas.data?.find((s) => s.id === p.salidaId);
  const destinos = desde ? destinosPosibles(salidas.data ?? [], desde) : [];
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!destino) {
      setError('Elija la salida a la que pasa el pasajero');
      return;
    }
    try {
      const { message } = await mover.mutateAsync({ pasajeId: p.pasajeId, salidaId: Number(destino) });
      notifySuccess(message ?? 'Pasajero movido');
      onDone();
    } catch (err) {
      setError(errorMessage(err, 'No se pudo mover al pasajero'));
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack>
        <Text size="sm">
          {p.nombre || 'Pasajero'} · pasaje {p.numero}
          {desde && <> · en la salida de las {desde.hora} ({desde.seccion} · {describirSentido(desde.sentido)})</>}
        </Text>
        {salidas.isPending ? <Text size="sm" c="dimmed">Cargando salidas…</Text> : destinos.length === 0 ? (
          <Alert color="yellow" title="No hay otra salida">
            No hay otra salida de la misma sección y sentido que siga embarcando ese día. Abra una salida extra para moverlo.
          </Alert>
        ) : (
          <Radio.Group label="Salida de destino" withAsterisk value={destino} onChange={(v) => { setDestino(v); setError(null); }}>
            <Stack gap="xs" mt="xs">
              {destinos.map((s) => (
                <Radio key={s.id} value={String(s.id)} disabled={llena(s)}
                  label={`${s.hora} · ${s.embarcacion ?? 'Sin embarcación'} · ${formatNumber(s.embarcados)} / ${formatNumber(s.capacidad)}`}
                  description={llena(s) ? 'Completa' : `${formatNumber(s.capacidad - s.embarcados)} lugares libres`} />
              ))}
            </Stack>
          </Radio.Group>
        )}
        {error && <Alert color="red" role="alert">{error}</Alert>}
        <FormActions onCancel={onDone} loading={mover.isPending} submitLabel="Mover pasajero" />
      </Stack>
    </form>
  );
}

/** 'Mover pasajero': a boarded passenger moves to another departure of the same day; the ticket stays, the seat is freed. */
export function MoverPasajeroModal({ dialog }: { dialog: Dialog<PasajeroAMover> }) {
  return (
    <Modal opened={dialog.opened} onClose={dialog.close} title="Mover pasajero" centered>
      {dialog.value !== null && <MoverForm key={dialog.key} p={dialog.value} onDone={dialog.close} />}
    </Modal>
  );
}
