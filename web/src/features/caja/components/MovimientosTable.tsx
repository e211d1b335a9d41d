import { Badge, Paper, Table, Text, Title } from '@mantine/core';
import dayjs from 'dayjs';
import type { Movimiento } from '@/api/caja';
import { esIngreso, montoConSigno } from '@/features/caja/movimientos';

/** 'Movimientos del Día': newest first, amounts with their sign. */
export function MovimientosTable({ movimientos }: { movimientos: Movimiento[] }) {
  const filas = [...movimientos].reverse();
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="sm">Movimientos del Día</Title>
      {filas.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg">No hay movimientos registrados en esta caja</Text>
      ) : (
        <Table.ScrollContainer minWidth={640} maxHeight={480}>
          <Table stickyHeader striped highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Hora</Table.Th>
                <Table.Th>Tipo</Table.Th>
                <Table.Th>Descripción</Table.Th>
                <Table.Th ta="right">Monto</Table.Th>
                <Table.Th>Medio de pago</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {filas.map((m) => {
                const ingreso = esIngreso(m.tipo);
                return (
                  <Table.Tr key={m.id}>
                    <Table.Td>{dayjs(m.created_at).format('HH:mm')}</Table.Td>
                    <Table.Td>
                      <Badge color={ingreso ? 'green' : 'red'} variant="light">{ingreso ? 'Ingreso' : 'Egreso'}</Badge>
                    </Table.Td>
                    <Table.Td>{m.descripcion}</Table.Td>
                    <Table.Td ta="right" c={ingreso ? 'green.9' : 'red.9'} fw={600} style={{ whiteSpace: 'nowrap' }}>
                      {montoConSigno(m.tipo, m.monto)}
                    </Table.Td>
                    <Table.Td>{m.medio_pago_nombre ?? '—'}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
