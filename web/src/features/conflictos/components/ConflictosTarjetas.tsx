import { Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { Dato } from '@/components/Dato';
import { formatDateTime } from '@/lib/format';
import { etiquetaTipo, ladosEnOrden, ladoTexto, MarcasConflicto, montoTexto, TipoConflicto } from './conflicto';
import { EstadoConflicto, type ConflictosProps } from './ConflictosTable';

/** The conflicts on a phone or a tablet: one card each, with the same data as the table's row and its button in sight. */
export function ConflictosTarjetas({ conflictos, onResolver }: ConflictosProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" role="list" aria-label="Conflictos">
      {conflictos.map((k) => {
        const [primero, segundo] = ladosEnOrden(k);
        const monto = montoTexto(k);
        return (
          <Paper key={k.id} withBorder radius="md" p="sm" role="listitem" aria-label={`${etiquetaTipo(k.tipo)} ${k.numero_pasaje}`.trim()}>
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <TipoConflicto tipo={k.tipo} />
                <Text size="sm" c="dimmed">{formatDateTime(k.created_at)}</Text>
              </Group>
              {k.numero_pasaje && <Text ff="monospace" size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>{k.numero_pasaje}</Text>}
              <Text size="sm">{k.detalle}</Text>
              <MarcasConflicto marcas={k.marcas} />
              <Dato label="Primer embarque" size="xs">{ladoTexto(primero, k.created_at)}</Dato>
              <Dato label="Segundo" size="xs">{ladoTexto(segundo, k.created_at)}</Dato>
              {monto && <Dato label="Monto" size="xs">{monto}</Dato>}
              <EstadoConflicto conflicto={k} onResolver={onResolver} fullWidth />
            </Stack>
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}
