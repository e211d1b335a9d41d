import { Paper, Table, Title } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import type { ListadoPasajerosReporte } from '@/api/reportes';
import { EmptyState } from '@/components/EmptyState';
import { ScrollTable } from '@/components/ScrollTable';
import { formatNumber } from '@/lib/format';
import { PaginacionReporte } from './PaginacionReporte';

/** The detail of the passenger report: Nombre, Documento, Teléfono, Email, Total Viajes, 15 a page. */
export function TablaPasajeros({ listado, onPagina }: { listado: ListadoPasajerosReporte; onPagina: (pagina: number) => void }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="sm">Detalle de Pasajeros</Title>
      {listado.pasajeros.length === 0 ? (
        <EmptyState icon={IconUsers} title="No hay pasajeros en el período" />
      ) : (
        <>
          <ScrollTable minWidth={640} aria-label="Detalle de Pasajeros">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Nombre</Table.Th>
                <Table.Th>Documento</Table.Th>
                <Table.Th>Teléfono</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th ta="right">Total Viajes</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {listado.pasajeros.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>{p.nombre}</Table.Td>
                  <Table.Td>{p.documento}</Table.Td>
                  <Table.Td>{p.telefono || '—'}</Table.Td>
                  <Table.Td>{p.email || '—'}</Table.Td>
                  <Table.Td ta="right">{formatNumber(p.total_viajes)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ScrollTable>
          <PaginacionReporte paginacion={listado.paginacion} onPagina={onPagina} />
        </>
      )}
    </Paper>
  );
}
