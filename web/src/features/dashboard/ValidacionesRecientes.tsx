import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconHistory } from '@tabler/icons-react';
import { EmptyState } from '@/components/EmptyState';
import { formatDateTime } from '@/lib/format';
import type { ValidacionReciente } from '@/api/dashboard';

const na = (value: string | null | undefined) => value || 'N/A';

/** The latest validations: ticket, boarding time, client and section. */
export function ValidacionesRecientes({ validaciones }: { validaciones: ValidacionReciente[] }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="validaciones-recientes">
      <Title id="validaciones-recientes" order={2} size="h4" mb="sm">Últimas validaciones</Title>
      {validaciones.length === 0 ? (
        <EmptyState icon={IconHistory} title="No hay validaciones recientes" />
      ) : (
        <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {validaciones.map((v) => (
            <Group key={v.id} component="li" wrap="nowrap" gap="sm" py="xs" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
              <IconCircleCheck size={22} color="var(--mantine-color-green-8)" aria-hidden style={{ flexShrink: 0 }} />
              <div style={{ minWidth: 0, flex: 1 }}>
                <Group justify="space-between" gap="xs">
                  <Text fw={700} ff="monospace">{na(v.numero_pasaje)}</Text>
                  <Text size="sm" c="dimmed">{na(formatDateTime(v.fecha_embarque))}</Text>
                </Group>
                <Text size="sm">{na(v.cliente_nombre)} · {na(v.seccion_nombre)}</Text>
              </div>
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
