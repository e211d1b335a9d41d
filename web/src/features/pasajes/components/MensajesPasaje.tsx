import { Button, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { mensajesPasajeQuery, useReenviarMensaje } from '@/api/correo';
import { EnvioMensaje } from '@/components/EnvioMensaje';
import { ApiError } from '@/lib/api';
import { notifyError, notifySuccess } from '@/lib/notify';

/** The ticket's outgoing messages with their state (the reason of a failure) and a resend. */
export function MensajesPasaje({ pasajeId }: { pasajeId: number }) {
  const { data } = useQuery(mensajesPasajeQuery(pasajeId));
  const reenviar = useReenviarMensaje(pasajeId);
  if (!data || data.length === 0) return null;
  const reenviarMensaje = (id: number) =>
    reenviar.mutate(id, {
      onSuccess: (r) => notifySuccess(r.message ?? 'Mensaje en cola para reenviarse'),
      onError: (err) => notifyError((err instanceof ApiError && err.serverMessage) || 'Error al reenviar el mensaje'),
    });
  return (
    <Stack gap="xs" mt="md" component="section" aria-label="Envíos del pasaje">
      <Text fw={600}>Envíos</Text>
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
