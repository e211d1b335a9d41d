import { Table, VisuallyHidden } from '@mantine/core';
import { ScrollTable } from '@/components/ScrollTable';
import { EstadoBadge, ValidarButton, type PasajerosProps } from '@/features/embarque/components/EstadoPasajero';

/** Ticket, passenger, document, section, trip type, state, and Validar for pending tickets. */
export function PasajerosTable({ pasajeros, validandoId, onValidar }: PasajerosProps) {
  return (
    <ScrollTable minWidth={960}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>N° de pasaje</Table.Th>
          <Table.Th>Pasajero</Table.Th>
          <Table.Th>Documento</Table.Th>
          <Table.Th>Sección</Table.Th>
          <Table.Th>Tipo de viaje</Table.Th>
          <Table.Th>Estado</Table.Th>
          <Table.Th><VisuallyHidden>Acciones</VisuallyHidden></Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {pasajeros.map((p) => (
          <Table.Tr key={p.id}>
            <Table.Td ff="monospace" style={{ whiteSpace: 'nowrap' }}>{p.numero_pasaje}</Table.Td>
            <Table.Td>{p.cliente_nombre || 'N/A'}</Table.Td>
            <Table.Td>{p.cliente_documento || 'N/A'}</Table.Td>
            <Table.Td>{p.seccion_nombre}</Table.Td>
            <Table.Td>{p.tipo_viaje_nombre}</Table.Td>
            <Table.Td><EstadoBadge pasajero={p} /></Table.Td>
            <Table.Td>
              <ValidarButton pasajero={p} validandoId={validandoId} onValidar={onValidar} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ScrollTable>
  );
}
