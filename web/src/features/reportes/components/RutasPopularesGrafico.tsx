import '@mantine/charts/styles.css';
import { ScrollContainer } from '@/components/ScrollTable';
import { PieChart } from '@mantine/charts';
import { Box, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconRoute } from '@tabler/icons-react';
import type { RutaPopular } from '@/api/reportes';
import { EmptyState } from '@/components/EmptyState';
import { formatMoney, formatNumber } from '@/lib/format';

/** The slices' colours, in ranking order. */
const COLORES = ['blue.6', 'teal.6', 'grape.6', 'orange.6', 'cyan.6', 'pink.6', 'lime.7', 'indigo.6', 'red.6', 'yellow.6'];

/** A route's name: its section and trip type. */
export const nombreRuta = (r: RutaPopular) => `${r.seccion.nombre} – ${r.tipoViaje.nombre}`;

function Detalle({ ruta }: { ruta: RutaPopular }) {
  return (
    <Paper withBorder shadow="sm" p="xs" radius="sm">
      <Text fw={600} size="sm">{nombreRuta(ruta)}</Text>
      <Text size="sm">Viajes: {formatNumber(ruta.total_pasajes)}</Text>
      <Text size="sm">Pasajeros: {formatNumber(ruta.total_pasajeros)}</Text>
      <Text size="sm">Ingresos: {formatMoney(ruta.total_ingresos)}</Text>
    </Paper>
  );
}

/**
 * 'Rutas Populares': a pie of the period's tickets by section and trip type, its tooltip with the trips, the
 * passengers and the income; below it the same figures as a table, the legend that reads on a phone and for a
 * screen reader (the chart itself is hidden from them).
 */
export function RutasPopularesGrafico({ rutas }: { rutas: readonly RutaPopular[] }) {
  const datos = rutas.map((r, i) => ({ name: nombreRuta(r), value: r.total_pasajes, color: COLORES[i % COLORES.length] }));
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="sm">Rutas Populares</Title>
      {rutas.length === 0 ? (
        <EmptyState icon={IconRoute} title="Sin viajes en el período" />
      ) : (
        <Stack gap="md">
          <Box aria-hidden data-testid="grafico-rutas">
            <PieChart data={datos} size={200} mx="auto" withTooltip tooltipDataSource="segment" valueFormatter={formatNumber} accessibilityLayer={false}
              pieProps={{ rootTabIndex: -1 }}
              tooltipProps={{
                content: ({ payload }) => {
                  const ruta = rutas.find((r) => nombreRuta(r) === payload?.[0]?.name);
                  return ruta ? <Detalle ruta={ruta} /> : null;
                },
              }} />
          </Box>
          <ScrollContainer minWidth={360} label="Rutas Populares">
            <Table aria-label="Rutas Populares" verticalSpacing={4} fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Ruta</Table.Th>
                  <Table.Th ta="right">Viajes</Table.Th>
                  <Table.Th ta="right">Pasajeros</Table.Th>
                  <Table.Th ta="right">Ingresos</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rutas.map((r, i) => (
                  <Table.Tr key={`${r.seccion.id}-${r.tipoViaje.id}`}>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <Box aria-hidden w={10} h={10} style={{ borderRadius: 2, flex: 'none',
                          background: `var(--mantine-color-${datos[i].color.replace('.', '-')})` }} />
                        {nombreRuta(r)}
                      </Group>
                    </Table.Td>
                    <Table.Td ta="right">{formatNumber(r.total_pasajes)}</Table.Td>
                    <Table.Td ta="right">{formatNumber(r.total_pasajeros)}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>{formatMoney(r.total_ingresos)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollContainer>
        </Stack>
      )}
    </Paper>
  );
}
