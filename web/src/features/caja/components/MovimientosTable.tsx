import { Badge, Paper, Table, Text, Title } from '@mantine/core';
import dayjs from 'dayjs';
import type { Movimiento } from '@/api/caja';
import { ScrollTable } from '@/components/ScrollTable';
import { vistaMovimiento } from '@/features/caja/movimientos';
import { textoReferencia } from '@/lib/referenciaPago';

/**
 * 'Movimientos del Día': newest first, each with its direction and its amount with
 * the sign, and a card's or transfer's reference under its payment method (the close
 * matches the slips against them). On a phone the description and the payment method go under the type, so
 * the amount stays on screen.
 */
export function MovimientosTable({ movimientos }: { movimientos: Movimiento[] }) {
  const filas = [...movimientos].reverse();
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="movimientos-del-dia">
      <Title order={2} size="h4" mb="sm" id="movimientos-del-dia">Movimientos del Día</Title>
      {filas.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg">No hay movimientos registrados en esta caja</Text>
      ) : (
        <ScrollTable minWidth={{ base: 0, sm: 640 }} striped aria-label="Movimientos del Día">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Hora</Table.Th>
              <Table.Th>Tipo</Table.Th>
              <Table.Th visibleFrom="sm">Descripción</Table.Th>
              <Table.Th ta="right">Monto</Table.Th>
              <Table.Th visibleFrom="sm">Medio de pago</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {filas.map((m) => {
              const vista = vistaMovimiento(m);
              const referencia = textoReferencia({ ...m.referencia, cobro_mp: m.cobro_mp });
              return (
                <Table.Tr key={m.id}>
                  <Table.Td>{dayjs(m.created_at).format('HH:mm')}</Table.Td>
                  <Table.Td>
                    <Badge color={vista.color} variant="light">{vista.etiqueta}</Badge>
                    <Text size="xs" c="dimmed" mt={4}>{vista.tipo}</Text>
                    <Text size="xs" hiddenFrom="sm">
                      {[m.descripcion, m.medio_pago_nombre, referencia].filter(Boolean).join(' · ')}
                    </Text>
                  </Table.Td>
                  <Table.Td visibleFrom="sm">{m.descripcion}</Table.Td>
                  <Table.Td ta="right" c={vista.texto} fw={600} style={{ whiteSpace: 'nowrap' }}>{vista.monto}</Table.Td>
                  <Table.Td visibleFrom="sm">
                    {m.medio_pago_nombre ?? '—'}
                    {referencia && <Text size="xs" c="dimmed">{referencia}</Text>}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </ScrollTable>
      )}
    </Paper>
  );
}
