import { Group, Table, Text } from '@mantine/core';
import type { CSSProperties } from 'react';
import { ScrollTable } from '@/components/ScrollTable';
import type { ItemCatalogo } from '@/api/config';
import { EstadoBadge } from './EstadoBadge';
import { PrecioInput } from './PrecioInput';
import type { Celda, CeldaValor } from './usePreciosDraft';

/**
 * The section column stays in view while the trip types scroll sideways: opaque, above
 * the price inputs (their sections sit at z-index 1), with its edge drawn (a sticky cell
 * loses its collapsed border).
 */
const STICKY_COLUMN: CSSProperties = {
  position: 'sticky',
  left: 0,
  zIndex: 2,
  background: 'var(--mantine-color-body)',
  boxShadow: 'inset -1px 0 0 var(--table-border-color)',
};

interface PreciosTableProps {
  secciones: ItemCatalogo[];
  tipos: ItemCatalogo[];
  celda: (seccionId: number, tipoId: number) => Celda;
  onChange: (seccionId: number, tipoId: number, valor: CeldaValor) => void;
}

/** A section or trip type name; inactive ones say so. */
function Nombre({ item, justify }: { item: ItemCatalogo; justify?: 'flex-end' }) {
  return (
    <Group gap={6} justify={justify}>
      <Text span fw={600} size="sm">{item.nombre}</Text>
      {!item.activo && <EstadoBadge activo={false} />}
    </Group>
  );
}

/** Rows are sections, columns trip types, each cell a price input; Tab walks the cells row by row. */
export function PreciosTable({ secciones, tipos, celda, onChange }: PreciosTableProps) {
  return (
    <ScrollTable minWidth={220 + tipos.length * 150} aria-label="Tarifas por sección y tipo de viaje" withColumnBorders>
      <Table.Thead>
        <Table.Tr>
          <Table.Th style={{ ...STICKY_COLUMN, zIndex: 4 }}>Sección</Table.Th>
          {tipos.map((t) => (
            <Table.Th key={t.id}><Nombre item={t} justify="flex-end" /></Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {secciones.map((s) => (
          <Table.Tr key={s.id}>
            <Table.Th scope="row" style={STICKY_COLUMN}><Nombre item={s} /></Table.Th>
            {tipos.map((t) => (
              <Table.Td key={t.id} style={{ verticalAlign: 'top' }}>
                <PrecioInput
                  label={`Precio ${s.nombre}, ${t.nombre}`}
                  celda={celda(s.id, t.id)}
                  onChange={(valor) => onChange(s.id, t.id, valor)}
                />
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ScrollTable>
  );
}
