import { Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Servicio } from '@/api/servicios';
import { EstadoServicioBadge } from '@/components/EstadoServicioBadge';
import { formatDateTime } from '@/lib/format';
import { DetallesTecnicos } from '@/components/DetallesTecnicos';

/**
 * The services and whether each works now (checked by the server on every load): the installation's
 * for super_admin, the company's own e-mail and WhatsApp for its admin.
 */
export function EstadoServicios({ servicios }: { servicios: readonly Servicio[] }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="sm">Estado de servicios</Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {servicios.map((s) => (
          <Stack key={s.clave} gap={2} role="group" aria-label={s.nombre}>
            <Group gap="xs">
              <Text fw={600}>{s.nombre}</Text>
              <EstadoServicioBadge estado={s.estado} />
            </Group>
            {s.estado !== 'sin_configurar' && <Text size="sm">{s.detalles}</Text>}
            <DetallesTecnicos detalle={s.detalle} />
            <Text size="xs" c="dimmed">Verificado {formatDateTime(s.ultima_verificacion)}</Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
