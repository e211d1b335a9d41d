import { Badge, Paper, Table, Text, Title } from '@mantine/core';
import { ScrollContainer } from '@/components/ScrollTable';
import type { VendedorSupervisado } from '@/api/dashboard';
import { formatDateTime, formatMoney, formatNumber } from '@/lib/format';

/** The register state of a seller, in words and colour. */
function BadgeCaja({ estado }: { estado: VendedorSupervisado['caja_estado'] }) {
  return estado === 'abierta'
    ? <Badge color="green" variant="light">Caja abierta</Badge>
    : <Badge color="gray" variant="light">Caja cerrada</Badge>;
}

/** The supervisor's table of sellers: register, opening time and today's sales. */
export function EstadoVendedores({ vendedores }: { vendedores: readonly VendedorSupervisado[] }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="sm">Estado de vendedores</Title>
      {vendedores.length === 0 ? (
        <Text c="dimmed">No hay vendedores activos en la empresa</Text>
      ) : (
        <ScrollContainer minWidth={560} label="Estado de vendedores">
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Vendedor</Table.Th>
                <Table.Th>Caja</Table.Th>
                <Table.Th>Apertura</Table.Th>
                <Table.Th ta="right">Ventas de hoy</Table.Th>
                <Table.Th ta="right">Total vendido</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {vendedores.map((v) => (
                <Table.Tr key={v.id}>
                  <Table.Td>{v.vendedor}</Table.Td>
                  <Table.Td><BadgeCaja estado={v.caja_estado} /></Table.Td>
                  <Table.Td>{v.fecha_apertura ? formatDateTime(v.fecha_apertura) : '—'}</Table.Td>
                  <Table.Td ta="right">{formatNumber(v.ventas_hoy)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(v.total_ventas)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollContainer>
      )}
    </Paper>
  );
}
