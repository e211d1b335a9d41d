import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useRef } from 'react';
import type { PasajeConsultado } from '@/api/pasajes';
import { ERROR_ENVIO_WHATSAPP, useEnviarPasajeWhatsApp } from '@/api/whatsapp';
import { errorMessage } from '@/lib/api';
import { newIdempotencyKey } from '@/lib/idempotency';
import { notifyError, notifySuccess } from '@/lib/notify';

/**
 * The ticket list's 'Enviar por WhatsApp': after a confirmation the ticket is queued
 * for its client's phone; its state shows under Envíos in the detail. Open while
 * `pasaje` is not null. A ticket keeps its key until it is queued, so retrying after a
 * lost answer queues it once; sending it again later is a new message.
 */
export function EnviarWhatsAppDialog({ pasaje, onClose }: { pasaje: PasajeConsultado | null; onClose: () => void }) {
  const enviar = useEnviarPasajeWhatsApp();
  const claves = useRef(new Map<number, string>());
  const confirmar = () => {
    if (!pasaje) return;
    const clave = claves.current.get(pasaje.id) ?? newIdempotencyKey();
    claves.current.set(pasaje.id, clave);
    enviar.mutate({ pasajeId: pasaje.id, telefono: pasaje.cliente.telefono, clave }, {
      onSuccess: (r) => {
        claves.current.delete(pasaje.id);
        notifySuccess(r.message ?? `Pasaje en cola de envío por WhatsApp a ${r.data.destino}`);
        onClose();
      },
      onError: (err) => notifyError(errorMessage(err, ERROR_ENVIO_WHATSAPP)),
    });
  };
  return (
    <Modal opened={pasaje !== null} onClose={onClose} title="Enviar por WhatsApp" centered>
      {pasaje && (
        <Stack>
          <Text>¿Enviar el pasaje {pasaje.numero_pasaje} con su código QR por WhatsApp a {pasaje.cliente.telefono}?</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={enviar.isPending}>Cancelar</Button>
            <Button onClick={confirmar} loading={enviar.isPending} data-autofocus>Enviar</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
