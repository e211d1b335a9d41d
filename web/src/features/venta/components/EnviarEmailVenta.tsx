import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useRef, useState } from 'react';
import { useEnviarPasajesEmail } from '@/api/correo';
import type { VentaCreada } from '@/api/pasajes';
import { ApiError } from '@/lib/api';
import { newIdempotencyKey } from '@/lib/idempotency';
import { notifySuccess } from '@/lib/notify';

/** operaciones §5: sending by e-mail needs text with an '@'. */
export const MSG_EMAIL_INVALIDO = 'Por favor ingresa un email válido';

/**
 * 'Enviar por Email' of the after-sale dialog: one mail with every ticket of the
 * sale (their PDFs attached), queued in the server's outbox. The attempt keeps its
 * key, so pressing again after a lost answer queues nothing twice.
 */
export function EnviarEmailVenta({ venta, onVolver, onEnviado }: { venta: VentaCreada; onVolver: () => void; onEnviado: () => void }) {
  const enviar = useEnviarPasajesEmail();
  const clave = useRef(newIdempotencyKey());
  const [email, setEmail] = useState(venta.pasajes[0]?.cliente_email ?? '');
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    const destino = email.trim();
    if (!destino.includes('@')) {
      setError(MSG_EMAIL_INVALIDO);
      return;
    }
    setError(null);
    const cliente = venta.pasajes[0]?.cliente_nombre ?? '';
    enviar.mutate({ email: destino, pasajeIds: venta.pasajes.map((p) => p.id), cliente, clave: clave.current }, {
      onSuccess: () => {
        const n = venta.pasajes.length;
        notifySuccess(`${n === 1 ? 'Pasaje enviado' : `${n} pasajes enviados`} a ${destino}`);
        onEnviado();
      },
      onError: (err) => setError((err instanceof ApiError && err.serverMessage) || 'Error al enviar el email'),
    });
  };

  return (
    <Stack>
      <Text size="sm">Los pasajes se envían con su PDF y su código QR.</Text>
      <TextInput
        label="Email del pasajero"
        type="email"
        value={email}
        onChange={(e) => setEmail(e.currentTarget.value)}
        error={error}
        data-autofocus
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onVolver} disabled={enviar.isPending}>Volver</Button>
        <Button onClick={submit} loading={enviar.isPending}>Enviar</Button>
      </Group>
    </Stack>
  );
}
