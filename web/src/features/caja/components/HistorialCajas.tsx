import { Paper, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { historialCajasQuery } from '@/api/caja';
import { ScrollTable } from '@/components/ScrollTable';
import { formatDateTime, formatMoney } from '@/lib/format';

const COLUMNAS = ['Cierre', 'Apertura', 'Ventas', 'Efectivo esperado', 'Efectivo contado', 'Diferencia'];

/** The user's past registers with their close figures, newest first. */
export function HistorialCajas() {
  const historial = useQuery(historialCajasQuery);
  const cajas = historial.data?.cajas ?? [];
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="historial-cajas">
      <Title order={2} size="h4" mb="sm" id="historial-cajas">Mis cajas anteriores</Title>
      {historial.isSuccess && cajas.length === 0 && <Text c="dimmed">Todavía no cerraste ninguna caja.</Text>}
      {historial.isError && <Text c="red.8">No se pudo cargar el historial de cajas.</Text>}
      {cajas.length > 0 && (
        <ScrollTable minWidth={640} aria-label="Mis cajas anteriores">
          <Table.Thead>
            <Table.Tr>{COLUMNAS.map((c) => <Table.Th key={c}>{c}</Table.Th>)}</Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {cajas.map((k) => (
              <Table.Tr key={k.id}>
                <Table.Td>{formatDateTime(k.fecha_cierre)}</Table.Td>
                <Table.Td>{formatMoney(k.monto_apertura)}</Table.Td>
                <Table.Td>{formatMoney(k.total_ventas)}</Table.Td>
                <Table.Td>{formatMoney(k.efectivo_esperado)}</Table.Td>
                <Table.Td>{formatMoney(k.monto_cierre)}</Table.Td>
                <Table.Td c={k.diferencia < 0 ? 'red.9' : undefined}>{formatMoney(k.diferencia)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ScrollTable>
      )}
    </Paper>
  );
}
