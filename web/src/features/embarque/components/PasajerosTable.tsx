import { Badge, Button, Table, VisuallyHidden } from '@mantine/core';
import { IconCircleCheck, IconClock, IconUsers } from '@tabler/icons-react';
import { EmptyState } from '@/components/EmptyState';
import { ScrollTable } from '@/components/ScrollTable';
import type { Pasajero } from '@/api/embarque';

/** The ticket has not boarded yet. */
const pendiente = (pasajero: Pasajero) => pasajero.estado === 'activo';

function EstadoBadge({ pasajero }: { pasajero: Pasajero }) {
  const [color, EstadoIcon, texto] = pendiente(pasajero)
    ? ['orange', IconClock, 'Pendiente'] as const
    : ['green', IconCircleCheck, 'Embarcado'] as const;
  return (
    // Never squeezed into an ellipsis by a narrow table column.
    <Badge color={color} variant="light" size="lg" miw="max-content" leftSection={<EstadoIcon size={14} aria-hidden />}>
      {texto}
    </Badge>
  );
}

interface PasajerosTableProps {
  pasajeros: Pasajero[];
  /** The ticket being boarded, if any. */
  validandoId: number | null;
  onValidar: (pasajero: Pasajero) => void;
}

/** Ticket, passenger, document, section, trip type, state, and Validar for pending tickets. */
export function PasajerosTable({ pasajeros, validandoId, onValidar }: PasajerosTableProps) {
  if (pasajeros.length === 0) {
    return <EmptyState icon={IconUsers} title="No hay pasajeros para mostrar" message="Pruebe con otra fecha u otros filtros." />;
  }
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
            <Table.Td>N/A</Table.Td>
            <Table.Td>{p.seccion_nombre}</Table.Td>
            <Table.Td>{p.tipo_viaje_nombre}</Table.Td>
            <Table.Td><EstadoBadge pasajero={p} /></Table.Td>
            <Table.Td>
              {pendiente(p) && (
                <Button
                  size="sm"
                  loading={validandoId === p.id}
                  disabled={validandoId !== null && validandoId !== p.id}
                  onClick={() => onValidar(p)}
                  aria-label={`Validar ${p.numero_pasaje}`}
                >
                  Validar
                </Button>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ScrollTable>
  );
}
