import { ActionIcon, Badge, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { Notificacion } from '@/api/notificaciones';
import { formatFechaNotificacion } from '@/lib/format';

/** Spanish label and colour of each notification type of the contract. */
const TIPOS: Record<Notificacion['tipo'], { label: string; color: string }> = {
  venta: { label: 'Venta', color: 'green' },
  caja_abierta: { label: 'Caja', color: 'blue' },
  caja_cerrada: { label: 'Caja', color: 'indigo' },
  embarque: { label: 'Embarque', color: 'cyan' },
  alerta: { label: 'Alerta', color: 'red' },
  whatsapp: { label: 'WhatsApp', color: 'teal' },
  info: { label: 'Información', color: 'gray' },
};

interface NotificacionItemProps {
  notificacion: Notificacion;
  onLeida: (id: number) => void;
  onEliminar: (id: number) => void;
}

/** One notification: type, title, message, date, and its two actions. */
export function NotificacionItem({ notificacion: n, onLeida, onEliminar }: NotificacionItemProps) {
  // a kind a newer server sends and this page does not know yet reads as information
  const tipo = TIPOS[n.tipo] ?? TIPOS.info;
  return (
    <Paper withBorder p="sm" bg={n.leida ? undefined : 'var(--mantine-color-blue-light)'} aria-label={n.titulo}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2} miw={0}>
          <Group gap="xs">
            <Badge size="sm" color={tipo.color} variant="light">{tipo.label}</Badge>
            <Text fw={n.leida ? 400 : 700} size="sm">{n.titulo}</Text>
          </Group>
          <Text size="sm">{n.mensaje}</Text>
          <Text size="xs" c="dimmed">{formatFechaNotificacion(n.timestamp)}</Text>
        </Stack>
        <Group gap={4} wrap="nowrap">
          {!n.leida && (
            <Tooltip label="Marcar como leída">
              <ActionIcon variant="subtle" aria-label={`Marcar como leída: ${n.titulo}`} onClick={() => onLeida(n.id)}>
                <IconCheck size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )}
          <Tooltip label="Descartar">
            <ActionIcon variant="subtle" color="red" aria-label={`Descartar: ${n.titulo}`} onClick={() => onEliminar(n.id)}>
              <IconX size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
    </Paper>
  );
}
