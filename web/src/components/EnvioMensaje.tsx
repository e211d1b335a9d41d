import { Badge, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { MensajeSalida } from '@/api/correo';
import { formatDateTime } from '@/lib/format';
import { DetallesTecnicos } from '@/components/DetallesTecnicos';

const ESTADOS: Record<string, { color: string; label: string }> = {
  pendiente: { color: 'yellow', label: 'Pendiente' },
  enviado: { color: 'green', label: 'Enviado' },
  fallido: { color: 'red', label: 'Fallido' },
};

const CANALES: Record<string, string> = { email: 'Email', whatsapp: 'WhatsApp' };

/** operaciones §8: a batch of which some went and some did not. */
export const envioParcial = (ok: number, fail: number) => `${ok} enviados, ${fail} fallaron`;

/** One message of the outbox: its state, channel and destination, when, and why it failed. */
export function EnvioMensaje({ m, children }: { m: MensajeSalida; children?: ReactNode }) {
  const estado = ESTADOS[m.estado] ?? { color: 'gray', label: m.estado };
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start">
      <div>
        <Group gap="xs">
          <Badge color={estado.color}>{estado.label}</Badge>
          <Text size="sm">{CANALES[m.canal] ?? m.canal} a {m.destino}</Text>
        </Group>
        <Text size="xs" c="dimmed">{formatDateTime(m.enviado_at ?? m.created_at)}</Text>
        {m.error && <Text size="xs" c="red.8" style={{ overflowWrap: 'anywhere' }}>{m.error}</Text>}
        <DetallesTecnicos detalle={m.detalle} />
      </div>
      {children}
    </Group>
  );
}
