import { Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { EstadoBadge, ValidarButton, type PasajerosProps } from '@/features/embarque/components/EstadoPasajero';

/** The passenger list on a phone: one card per ticket (its document when it has one), its state and Validar always in sight. */
export function PasajerosTarjetas({ pasajeros, validandoId, onValidar }: PasajerosProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" role="list" aria-label="Pasajeros">
      {pasajeros.map((p) => (
        <Paper key={p.id} withBorder radius="md" p="sm" role="listitem" aria-label={p.numero_pasaje}>
          <Stack gap={6}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text ff="monospace" size="sm" style={{ overflowWrap: 'anywhere' }}>{p.numero_pasaje}</Text>
              <EstadoBadge pasajero={p} />
            </Group>
            <Text fw={700} fz="lg" style={{ overflowWrap: 'anywhere' }}>{p.cliente_nombre || 'N/A'}</Text>
            {p.cliente_documento && <Text size="sm">Documento: {p.cliente_documento}</Text>}
            <Text size="sm" c="dimmed">{p.seccion_nombre} · {p.tipo_viaje_nombre}</Text>
            <ValidarButton pasajero={p} validandoId={validandoId} onValidar={onValidar} size="md" fullWidth />
          </Stack>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
