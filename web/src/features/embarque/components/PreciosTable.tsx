import { Table } from '@mantine/core';
import type { ItemCatalogo, Precio } from '@/api/config';
import { formatMoney } from '@/lib/format';
import { ScrollTable } from '@/components/ScrollTable';

interface PreciosTableProps {
  secciones: ItemCatalogo[];
  tipos: ItemCatalogo[];
  precios: Precio[];
}

/** Fares: one row per section, one column per trip type; 'N/A' where there is no price. */
export function PreciosTable({ secciones, tipos, precios }: PreciosTableProps) {
  const precio = new Map(precios.map((p) => [`${p.seccion_id}:${p.tipo_viaje_id}`, p.precio]));
  return (
    <ScrollTable minWidth={240 + tipos.length * 130}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Sección</Table.Th>
          {tipos.map((tipo) => <Table.Th key={tipo.id} ta="right">{tipo.nombre}</Table.Th>)}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {secciones.map((seccion) => (
          <Table.Tr key={seccion.id}>
            <Table.Th scope="row" fw={600}>{seccion.nombre}</Table.Th>
            {tipos.map((tipo) => {
              const valor = precio.get(`${seccion.id}:${tipo.id}`);
              return (
                <Table.Td key={tipo.id} ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {valor === undefined ? 'N/A' : formatMoney(valor)}
                </Table.Td>
              );
            })}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ScrollTable>
  );
}
