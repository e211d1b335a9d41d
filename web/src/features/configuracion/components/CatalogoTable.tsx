import { ActionIcon, Group, Table, Text } from '@mantine/core';
import { IconMapPin, IconPencil, IconTrash } from '@tabler/icons-react';
import { ScrollTable } from '@/components/ScrollTable';
import { formatNumber } from '@/lib/format';
import { TIPOS_MEDIO_PAGO } from '@/lib/tipoMedioPago';
import type { ItemCatalogo } from '@/api/config';
import type { CatalogoDef } from '@/features/configuracion/catalogos';
import { EstadoBadge } from './EstadoBadge';

interface CatalogoTableProps {
  def: CatalogoDef;
  items: ItemCatalogo[];
  onEdit: (item: ItemCatalogo) => void;
  onDelete: (item: ItemCatalogo) => void;
  /** Opens a section's stops (lists with conParadas). */
  onParadas?: (item: ItemCatalogo) => void;
}

/** '60 personas' for sections, '' for the other lists. */
function capacidad(def: CatalogoDef, item: ItemCatalogo): string {
  return def.conCapacidad ? `${formatNumber(item.capacidad ?? 0)} personas` : '';
}

/** 'Ida y vuelta' or 'Ida y vuelta · vuelta hasta 7 días después' for round-trip types, '' otherwise. */
function idaYVuelta(def: CatalogoDef, item: ItemCatalogo): string {
  if (!def.conIdaYVuelta || !item.ida_y_vuelta) return '';
  if (item.dias_vuelta == null) return 'Ida y vuelta';
  return `Ida y vuelta · vuelta hasta ${item.dias_vuelta} ${item.dias_vuelta === 1 ? 'día' : 'días'} después`;
}

/** A payment method's kind as the form names it ('Tarjeta (débito o crédito)'), '' for the other lists. */
function tipo(def: CatalogoDef, item: ItemCatalogo): string {
  return def.conTipo ? (TIPOS_MEDIO_PAGO.find((t) => t.value === item.tipo)?.label ?? '') : '';
}

/** The entries of a list with their edit and delete actions. */
export function CatalogoTable({ def, items, onEdit, onDelete, onParadas }: CatalogoTableProps) {
  return (
    <ScrollTable minWidth={360} aria-label={def.titulo}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Nombre</Table.Th>
          <Table.Th visibleFrom="sm">Descripción</Table.Th>
          {def.conCapacidad && <Table.Th ta="right" visibleFrom="sm">Capacidad</Table.Th>}
          <Table.Th>Estado</Table.Th>
          <Table.Th ta="right">Acciones</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((item) => (
          <Table.Tr key={item.id}>
            <Table.Td>
              <Text fw={500} size="sm">{item.nombre}</Text>
              {idaYVuelta(def, item) && <Text size="xs">{idaYVuelta(def, item)}</Text>}
              {tipo(def, item) && <Text size="xs">{tipo(def, item)}</Text>}
              {/* On a phone capacity and description go under the name instead of in their own columns. */}
              <Text c="dimmed" size="xs" hiddenFrom="sm">
                {[capacidad(def, item), item.descripcion].filter(Boolean).join(' · ')}
              </Text>
            </Table.Td>
            <Table.Td visibleFrom="sm">
              {item.descripcion || <Text span c="dimmed" size="sm">Sin descripción</Text>}
            </Table.Td>
            {def.conCapacidad && (
              <Table.Td ta="right" visibleFrom="sm" style={{ whiteSpace: 'nowrap' }}>{capacidad(def, item)}</Table.Td>
            )}
            <Table.Td><EstadoBadge activo={item.activo} /></Table.Td>
            <Table.Td>
              <Group gap="xs" justify="flex-end" wrap="nowrap">
                {def.conParadas && onParadas && (
                  <ActionIcon variant="subtle" size="lg" aria-label={`Paradas de ${item.nombre}`} title="Paradas" onClick={() => onParadas(item)}>
                    <IconMapPin size={18} aria-hidden />
                  </ActionIcon>
                )}
                <ActionIcon variant="subtle" size="lg" aria-label={`Editar ${item.nombre}`} onClick={() => onEdit(item)}>
                  <IconPencil size={18} aria-hidden />
                </ActionIcon>
                <ActionIcon variant="subtle" color="red" size="lg" aria-label={`Eliminar ${item.nombre}`} onClick={() => onDelete(item)}>
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ScrollTable>
  );
}
