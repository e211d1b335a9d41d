import { Alert, Modal, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { salidasQuery, useCancelarSalida, type Salida } from '@/api/salidas';
import { FormActions } from '@/components/FormActions';
import { errorMessage } from '@/lib/api';
import type { Dialog } from '@/lib/dialog';
import { formatNumber } from '@/lib/format';
import { notifySuccess } from '@/lib/notify';

/** Most characters of the reason (the server's MaxMotivo). */
const MAX_MOTIVO = 200;

/** Free seats of a departure for a move (Infinity without a boat: no limit of its own). */
const libres = (s: Salida) => (s.embarcacion_id == null ? Infinity : s.capacidad - s.vendidos);

/**
 * Where the passengers of a cancelled departure may go (the server checks it too): the same day's other
 * departures of its section and direction that still board.
 */
export function destinosDeCancelacion(salidas: readonly Salida[], desde: Salida): Salida[] {
  return salidas.filter((s) => s.id !== desde.id && s.seccion_id === desde.seccion_id && s.sentido === desde.sentido &&
    (s.estado === 'programada' || s.estado === 'embarcando'));
}

function CancelarForm({ salida, onDone }: { salida: Salida; onDone: () => void }) {
  const salidas = useQuery(salidasQuery(salida.fecha));
  const cancelar = useCancelarSalida();
  const [motivo, setMotivo] = useState('');
  const [modo, setModo] = useState<'mover' | 'reembolsar'>('mover');
  const [destino, setDestino] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const destinos = destinosDeCancelacion(salidas.data ?? [], salida);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (modo === 'mover' && !destino) {
      setError('Elija la salida a la que pasan los pasajeros, o anúlelos y reembólselos');
      return;
    }
    try {
      const input = { motivo: motivo.trim(), ...(modo === 'mover' && { salida_destino_id: Number(destino) }) };
      const { data, message } = await cancelar.mutateAsync({ id: salida.id, input });
      const avisos = data.avisos > 0 ? ` Se avisó a ${formatNumber(data.avisos)} ${data.avisos === 1 ? 'contacto' : 'contactos'}.` : '';
      notifySuccess(`${message ?? 'Salida cancelada'}.${avisos}`);
      onDone();
    } catch (err) {
      setError(errorMessage(err, 'No se pudo cancelar la salida'));
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack>
        <Text size="sm">
          {salida.seccion} · {formatNumber(salida.vendidos)} {salida.vendidos === 1 ? 'pasaje vendido' : 'pasajes vendidos'}. Los pasajeros
          con correo o WhatsApp reciben un aviso.
        </Text>
        <TextInput label="Motivo" description="Va en el aviso a los pasajeros" placeholder="Sudestada, avería…" maxLength={MAX_MOTIVO}
          value={motivo} onChange={(e) => setMotivo(e.currentTarget.value)} data-autofocus />
        <Radio.Group label="Los pasajeros" value={modo} onChange={(v) => { setModo(v as 'mover' | 'reembolsar'); setError(null); }}>
          <Stack gap="xs" mt="xs">
            <Radio value="mover" label="Pasarlos a otra salida del día" />
            <Radio value="reembolsar" label="Anular sus pasajes y reembolsarlos desde mi caja" />
          </Stack>
        </Radio.Group>
        {modo === 'mover' && (destinos.length === 0 ? (
          <Alert color="yellow" title="No hay otra salida">
            No hay otra salida de la misma sección y sentido que siga embarcando ese día. Abra una salida extra, o anule y reembolse.
          </Alert>
        ) : (
          <Radio.Group label="Salida de destino" withAsterisk value={destino} onChange={(v) => { setDestino(v); setError(null); }}>
            <Stack gap="xs" mt="xs">
              {destinos.map((s) => {
                const alcanza = libres(s) >= salida.vendidos;
                return (
                  <Radio key={s.id} value={String(s.id)} disabled={!alcanza}
                    label={`${s.hora} · ${s.embarcacion ?? 'Sin embarcación'}`}
                    description={s.embarcacion_id == null ? 'Sin límite de lugares'
                      : `${formatNumber(Math.max(libres(s), 0))} lugares libres${alcanza ? '' : ': no alcanzan'}`} />
                );
              })}
            </Stack>
          </Radio.Group>
        ))}
        {error && <Alert color="red" role="alert">{error}</Alert>}
        <FormActions onCancel={onDone} loading={cancelar.isPending} submitLabel="Cancelar salida" cancelLabel="Volver" />
      </Stack>
    </form>
  );
}

/** Cancels a departure that sold tickets, with its passengers: moved to another departure or refunded, and told. */
export function CancelarSalidaModal({ dialog }: { dialog: Dialog<Salida> }) {
  const salida = dialog.value;
  return (
    <Modal opened={dialog.opened} onClose={dialog.close} title={salida ? `Cancelar la salida de las ${salida.hora}` : 'Cancelar salida'}>
      {salida && <CancelarForm key={salida.id} salida={salida} onDone={dialog.close} />}
    </Modal>
  );
}
