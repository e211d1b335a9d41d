import { Paper, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { historialCajasQuery } from '@/api/caja';
import { ScrollTable } from '@/components/ScrollTable';
import { formatDateTime, formatMoney } from '@/lib/format';

/** Columns on every width and, from sm up, the ones a phone shows under the close date. */
const COLUMNAS: { titulo: string; ancha?: boolean }[] = [
  { titulo: 'Cierre' },
  { titulo: 'Apertura', ancha: true },
  { titulo: 'Ventas' },
  { titulo: 'Efectivo esperado', ancha: true },
  { titulo: 'Efectivo contado', ancha: true },
  { titulo: 'Diferencia' },
];

/**
 * The user's past registers with their close figures, newest first. On a phone the
 * opening and the cash figures go under the close date, so sales and the difference
 * stay on screen.
 */
export function HistorialCajas() {
  const historial = useQuery(historialCajasQuery);
  const cajas = historial.data?.cajas ?? [];
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="historial-cajas">
      <Title order={2} size="h4" mb="sm" id="historial-cajas">Mis cajas anteriores</Title>
      {historial.isSuccess && cajas.length === 0 && <Text c="dimmed">Todavía no cerraste ninguna caja.</Text>}
      {historial.isError && <Text c="red.8">No se pudo cargar el historial de cajas.</Text>}
      {cajas.length > 0 && (
        <ScrollTable minWidth={{ base: 0, sm: 640 }} aria-label="Mis cajas anteriores">
          <Table.Thead>
            <Table.Tr>
              {COLUMNAS.map((c) => <Table.Th key={c.titulo} visibleFrom={c.ancha ? 'sm' : undefined}>{c.titulo}</Table.Th>)}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {cajas.map((k) => (
              <Table.Tr key={k.id}>
                <Table.Td>
                  {formatDateTime(k.fecha_cierre)}
                  <Text size="xs" c="dimmed" hiddenFrom="sm">
                    Apertura {formatMoney(k.monto_apertura)} · Esperado {formatMoney(k.efectivo_esperado)} · Contado{' '}
                    {formatMoney(k.monto_cierre)}
                  </Text>
                </Table.Td>
                <Table.Td visibleFrom="sm">{formatMoney(k.monto_apertura)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatMoney(k.total_ventas)}</Table.Td>
                <Table.Td visibleFrom="sm">{formatMoney(k.efectivo_esperado)}</Table.Td>
                <Table.Td visibleFrom="sm">{formatMoney(k.monto_cierre)}</Table.Td>
                <Table.Td c={k.diferencia < 0 ? 'red.9' : undefined} style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(k.diferencia)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ScrollTable>
      )}
    </Paper>
  );
}
