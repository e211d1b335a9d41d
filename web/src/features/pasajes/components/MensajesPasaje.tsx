import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { mensajesPasajeQuery, useReenviarMensaje, type MensajeSalida } from '@/api/correo';
import { ApiError } from '@/lib/api';
import { formatDateTime } from '@/lib/format';
import { notifyError, notifySuccess } from '@/lib/notify';

const ESTADOS: Record<MensajeSalida['estado'], { color: string; label: string }> = {
  pendiente: { color: 'yellow', label: 'Pendiente' },
  enviado: { color: 'green', label: 'Enviado' },
  fallido: { color: 'red', label: 'Fallido' },
};

/**
 * operaciones §8's partial failure of a batch: an e-mail carries every ticket of a sale, so it is sent or fails
 * whole; the batch is the ticket's messages (one per recipient or resend), summed up when some failed and some not.
 */
function resumenEnvios(mensajes: readonly MensajeSalida[]): string | null {
  const ok = mensajes.filter((m) => m.estado === 'enviado').length;
  const fail = mensajes.filter((m) => m.estado === 'fallido').length;
  return ok > 0 && fail > 0 ? `${ok} enviados, ${fail} fallaron` : null;
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
      onError: (err) => notifyError((err instanceof ApiError && err.serverMessage) || 'Error al reenviar el mensaje'),
    });
  return (
    <Stack gap="xs" mt="md" component="section" aria-label="Envíos del pasaje">
      <Text fw={600}>Envíos</Text>
      {resumen && <Text size="sm" c="orange.8" role="status">{resumen}</Text>}
      {data.map((m) => (
        <Group key={m.id} justify="space-between" wrap="nowrap" align="flex-start">
          <div>
            <Group gap="xs">
              <Badge color={ESTADOS[m.estado].color}>{ESTADOS[m.estado].label}</Badge>
              <Text size="sm">{m.canal === 'email' ? 'Email' : m.canal} a {m.destino}</Text>
            </Group>
            <Text size="xs" c="dimmed">{formatDateTime(m.enviado_at ?? m.created_at)}</Text>
            {m.error && <Text size="xs" c="red.8" style={{ overflowWrap: 'anywhere' }}>{m.error}</Text>}
          </div>
          {m.estado !== 'pendiente' && (
            <Button size="compact-sm" variant="light" onClick={() => reenviarMensaje(m.id)} loading={reenviar.isPending}>
              Reenviar
            </Button>
          )}
        </Group>
      ))}
    </Stack>
  );
}
