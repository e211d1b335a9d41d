import { Button, Stack, Table, Text } from '@mantine/core';
import type { ConflictoOffline } from '@/api/conflictos';
import { ScrollTable } from '@/components/ScrollTable';
import { formatDateTime } from '@/lib/format';
import { ladosEnOrden, ladoTexto, MarcasConflicto, montoTexto, Resolucion, TipoConflicto } from './conflicto';

export interface ConflictosProps {
  conflictos: ConflictoOffline[];
  /** Opens 'Marcar resuelto' for a pending conflict. */
  onResolver: (k: ConflictoOffline) => void;
}

/** The last cell: 'Marcar resuelto' while pending, who resolved it and the note after. */
export function EstadoConflicto({ conflicto: k, onResolver, fullWidth }: { conflicto: ConflictoOffline; onResolver: ConflictosProps['onResolver']; fullWidth?: boolean }) {
  if (k.resuelto_en) return <Resolucion conflicto={k} />;
  return <Button size="xs" variant="light" fullWidth={fullWidth} onClick={() => onResolver(k)}>Marcar resuelto</Button>;
}

/**
 * The conflicts as a table (wide screens), in five columns so that it fits beside the menu: the conflict (kind,
 * ticket, or a sale's tickets one a line, when), what happened and its money, both acts in the order they happened, and its state.
 */
export function ConflictosTable({ conflictos, onResolver }: ConflictosProps) {
  const resueltos = conflictos.some((k) => k.resuelto_en);
  return (
    <ScrollTable minWidth={840} aria-label="Conflictos">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Conflicto</Table.Th>
          <Table.Th>Detalle</Table.Th>
          <Table.Th w={170}>Primer embarque</Table.Th>
          <Table.Th w={170}>Segundo</Table.Th>
          <Table.Th w={resueltos ? 190 : 140}>{resueltos ? 'Resolución' : 'Acciones'}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {conflictos.map((k) => {
          const [primero, segundo] = ladosEnOrden(k);
          const monto = montoTexto(k);
          return (
            <Table.Tr key={k.id}>
              <Table.Td>
                <Stack gap={4} align="flex-start">
                  <TipoConflicto tipo={k.tipo} />
                  {(k.numero_pasaje || '—').split(', ').map((numero) => (
                    <Text key={numero} ff="monospace" size="sm" style={{ whiteSpace: 'nowrap' }}>{numero}</Text>
                  ))}
                  <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>{formatDateTime(k.created_at)}</Text>
                </Stack>
              </Table.Td>
              <Table.Td>
                <Stack gap={4}>
                  <Text size="sm">{k.detalle}</Text>
                  {monto && <Text size="sm" fw={600}>Monto: {monto}</Text>}
                  <MarcasConflicto marcas={k.marcas} />
                </Stack>
              </Table.Td>
              <Table.Td><Text size="sm" style={{ overflowWrap: 'anywhere' }}>{ladoTexto(primero, k.created_at)}</Text></Table.Td>
              <Table.Td><Text size="sm" style={{ overflowWrap: 'anywhere' }}>{ladoTexto(segundo, k.created_at)}</Text></Table.Td>
              <Table.Td><EstadoConflicto conflicto={k} onResolver={onResolver} /></Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </ScrollTable>
  );
}
