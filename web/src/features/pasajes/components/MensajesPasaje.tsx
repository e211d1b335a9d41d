import { Button, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { mensajesPasajeQuery, useReenviarMensaje, type MensajeSalida } from '@/api/correo';
import { envioParcial, EnvioMensaje } from '@/components/EnvioMensaje';
import { errorMessage } from '@/lib/api';
import { notifyError, notifySuccess } from '@/lib/notify';

/**
 * operaciones §8's partial failure of a batch: an e-mail carries every ticket of a sale, so it is sent or fails
 * whole; the batch is the ticket's messages (one per recipient or resend), summed up when some failed and some not.
 */
function resumenEnvios(mensajes: readonly MensajeSalida[]): string | null {
  const ok = mensajes.filter((m) => m.estado === 'enviado').length;
  const fail = mensajes.filter((m) => m.estado === 'fallido').length;
  return ok > 0 && fail > 0 ? envioParcial(ok, fail) : null;
}

/** The ticket's outgoing messages with their state (the reason of a failure) and a resend. */
export function MensajesPasaje({ pasajeId }: { pasajeId: number }) {
  const { data } = useQuery(mensajesPasajeQuery(pasajeId));
  const reenviar = useReenviarMensaje(pasajeId);
  if (!data || data.length === 0) return null;
  const resumen = resumenEnvios(data);
  const reenviarMensaje = (id: number) =>
    reenviar.mutate(id, {
      onSuccess: (r) => notifySuccess(r.message ?? 'Mensaje en cola para reenviarse'),
      onError: (err) => notifyError(errorMessage(err, 'Error al reenviar el mensaje')),
    });
  return (
    <Stack gap="xs" mt="md" component="section" aria-label="Envíos del pasaje">
      <Text fw={600}>Envíos</Text>
      {resumen && <Text size="sm" c="orange.8" role="status">{resumen}</Text>}
      {data.map((m) => (
        <EnvioMensaje key={m.id} m={m}>
          {m.estado !== 'pendiente' && (
            <Button size="compact-sm" variant="light" onClick={() => reenviarMensaje(m.id)} loading={reenviar.isPending}>
              Reenviar
            </Button>
          )}
        </EnvioMensaje>
      ))}
    </Stack>
  );
}
