import { Button, Table, Text } from '@mantine/core';
import type { ConflictoOffline } from '@/api/conflictos';
import { ScrollTable } from '@/components/ScrollTable';
import { formatDateTime } from '@/lib/format';
import { ladosEnOrden, ladoTexto, Monto, Resolucion, TipoConflicto } from './conflicto';

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

/** The conflicts as a table (wide screens): when, kind, ticket, what happened, both acts, the money and its state. */
export function ConflictosTable({ conflictos, onResolver }: ConflictosProps) {
  const resueltos = conflictos.some((k) => k.resuelto_en);
  return (
    <ScrollTable minWidth={1100} aria-label="Conflictos">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Fecha</Table.Th>
          <Table.Th>Tipo</Table.Th>
          <Table.Th>Pasaje</Table.Th>
          <Table.Th>Detalle</Table.Th>
          <Table.Th>Primer embarque</Table.Th>
          <Table.Th>Segundo</Table.Th>
          <Table.Th>Monto</Table.Th>
          <Table.Th>{resueltos ? 'Resolución' : 'Acciones'}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {conflictos.map((k) => {
          const [primero, segundo] = ladosEnOrden(k);
          return (
            <Table.Tr key={k.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(k.created_at)}</Table.Td>
              <Table.Td><TipoConflicto tipo={k.tipo} /></Table.Td>
              <Table.Td><Text ff="monospace" size="sm">{k.numero_pasaje || '—'}</Text></Table.Td>
              <Table.Td><Text size="sm" maw={280}>{k.detalle}</Text></Table.Td>
              <Table.Td><Text size="sm">{ladoTexto(primero, k.created_at)}</Text></Table.Td>
              <Table.Td><Text size="sm">{ladoTexto(segundo, k.created_at)}</Text></Table.Td>
              <Table.Td><Monto conflicto={k} /></Table.Td>
              <Table.Td><EstadoConflicto conflicto={k} onResolver={onResolver} /></Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </ScrollTable>
  );
}
