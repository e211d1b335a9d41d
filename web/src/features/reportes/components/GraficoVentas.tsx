import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import { Box, Group, Paper, SegmentedControl, Table, Text, Title } from '@mantine/core';
import { IconChartLine } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { IngresoMensual, MesesIngresos, PuntoVentas } from '@/api/reportes';
import { MESES_INGRESOS } from '@/api/reportes';
import { EmptyState } from '@/components/EmptyState';
import { formatMoney, formatNumber } from '@/lib/format';
import { etiquetaDiaCorta, etiquetaPeriodo, formatMoneyEje, formatNumberEje } from './formato';

/** What the sales chart says with no sale in the period (backoffice §2.15). */
export const SIN_DATOS_VENTAS = 'No hay datos de ventas disponibles';

interface FilaTooltip {
  name?: string | number;
  value?: unknown;
  color?: string;
}

/** The tooltip of a chart: the point's label and each series with its own formatter (count or money). */
function TooltipGrafico({ label, payload, formatos }: {
  label: string; payload?: readonly FilaTooltip[]; formatos: Record<string, { label: string; format: (v: number) => string }>;
}) {
  if (!payload?.length) return null;
  return (
    <Paper withBorder shadow="sm" p="xs" radius="sm">
      <Text size="sm" fw={600}>{label}</Text>
      {payload.map((fila) => {
        const formato = formatos[String(fila.name)];
        return formato && (
          <Group key={String(fila.name)} gap="xs" justify="space-between" wrap="nowrap">
            <Text size="sm" c="dimmed">{formato.label}</Text>
            <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>{formato.format(Number(fila.value))}</Text>
          </Group>
        );
      })}
    </Paper>
  );
}

/** The data of a chart as a small table for those who do not see it (behind 'Ver datos del gráfico'). */
function DatosGrafico({ titulo, columnas, filas }: { titulo: string; columnas: string[]; filas: ReactNode[][] }) {
  return (
    <Box component="details" mt="sm">
      <Text component="summary" size="sm" c="dimmed" style={{ cursor: 'pointer' }}>Ver datos del gráfico</Text>
      <Box style={{ overflowX: 'auto' }}>
        <Table fz="sm" mt="xs" striped>
          <caption style={{ textAlign: 'left' }}>{titulo}</caption>
          <Table.Thead>
            <Table.Tr>{columnas.map((c, i) => <Table.Th key={c} ta={i ? 'right' : undefined}>{c}</Table.Th>)}</Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {filas.map((fila, i) => (
              <Table.Tr key={i}>{fila.map((celda, j) => <Table.Td key={j} ta={j ? 'right' : undefined}>{celda}</Table.Td>)}</Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Box>
    </Box>
  );
}

/** Whether a series has any sale at all (the server sends every day with zeros). */
export function hayVentas(puntos: readonly PuntoVentas[]): boolean {
  return puntos.some((p) => p.cantidad_pasajes > 0 || p.ingreso_total !== 0);
}

const FORMATOS_EVOLUCION = {
  cantidad_pasajes: { label: 'Pasajes', format: formatNumber },
  ingreso_total: { label: 'Ingresos', format: formatMoney },
};

/**
 * 'Evolución de Ventas' (backoffice §2.15): tickets on the left axis and income in ARS on the right, per day or month;
 * 'No hay datos de ventas disponibles' without a sale.
 */
export function GraficoEvolucionVentas({ puntos }: { puntos: readonly PuntoVentas[] }) {
  const titulo = 'Evolución de Ventas';
  const datos = puntos.map((p) => ({ ...p, etiqueta: etiquetaPeriodo(p.periodo), eje: etiquetaDiaCorta(p.periodo) }));
  const total = puntos.reduce((s, p) => ({ pasajes: s.pasajes + p.cantidad_pasajes, ingresos: s.ingresos + p.ingreso_total }), { pasajes: 0, ingresos: 0 });
  return (
    <Paper withBorder p="md" radius="md" role="figure" aria-label={titulo}>
      <Title order={2} size="h4" mb="sm">{titulo}</Title>
      {!hayVentas(puntos) ? (
        <EmptyState icon={IconChartLine} title={SIN_DATOS_VENTAS} />
      ) : (
        <>
          <Text size="sm" c="dimmed" mb="xs">
            Pasajes (eje izquierdo) e ingresos en ARS (eje derecho): {formatNumber(total.pasajes)} pasajes, {formatMoney(total.ingresos)} en el período.
          </Text>
          <LineChart
            h={300}
            data={datos}
            dataKey="eje"
            withLegend
            withRightYAxis
            yAxisLabel="Pasajes"
            rightYAxisLabel="Ingresos (ARS)"
            xAxisProps={{ minTickGap: 24 }}
            yAxisProps={{ tickFormatter: formatNumberEje, allowDecimals: false, width: 48 }}
            rightYAxisProps={{ tickFormatter: formatMoneyEje, width: 88 }}
            tooltipProps={{
              content: ({ payload }) => (
                <TooltipGrafico label={String((payload?.[0]?.payload as { etiqueta?: string } | undefined)?.etiqueta ?? '')}
                  payload={payload as readonly FilaTooltip[]} formatos={FORMATOS_EVOLUCION} />
              ),
            }}
            series={[
              { name: 'cantidad_pasajes', label: 'Pasajes', color: 'blue.7' },
              { name: 'ingreso_total', label: 'Ingresos (ARS)', color: 'teal.8', yAxisId: 'right' },
            ]}
          />
          <DatosGrafico titulo={titulo} columnas={['Período', 'Pasajes', 'Ingresos']}
            filas={puntos.map((p) => [etiquetaPeriodo(p.periodo), formatNumber(p.cantidad_pasajes), formatMoney(p.ingreso_total)])} />
        </>
      )}
    </Paper>
  );
}

const FORMATOS_MENSUALES = {
  total_ingresos: { label: 'Ingresos', format: formatMoney },
};

/** The income of the last 3, 6 or 12 months (default 6, backoffice §9), a bar per month, with its window selector. */
export function GraficoIngresosMensuales({ meses, onMeses, ingresos }: {
  meses: MesesIngresos; onMeses: (m: MesesIngresos) => void; ingresos: readonly IngresoMensual[];
}) {
  const titulo = 'Ingresos mensuales';
  const datos = ingresos.map((m) => ({ ...m, etiqueta: etiquetaPeriodo(m.mes) }));
  return (
    <Paper withBorder p="md" radius="md" role="figure" aria-label={titulo}>
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} size="h4">{titulo}</Title>
        <SegmentedControl size="xs" aria-label="Meses del gráfico" value={String(meses)} onChange={(v) => onMeses(Number(v) as MesesIngresos)}
          data={MESES_INGRESOS.map((m) => ({ value: String(m), label: `${m} meses` }))} />
      </Group>
      {ingresos.every((m) => m.total_ingresos === 0 && m.cantidad === 0) ? (
        <EmptyState icon={IconChartLine} title={SIN_DATOS_VENTAS} />
      ) : (
        <>
          <BarChart
            h={280}
            data={datos}
            dataKey="etiqueta"
            xAxisProps={{ minTickGap: 12 }}
            yAxisProps={{ width: 88 }}
            valueFormatter={formatMoneyEje}
            tooltipProps={{
              content: ({ label, payload }) => (
                <TooltipGrafico label={String(label ?? '')} payload={payload as readonly FilaTooltip[]} formatos={FORMATOS_MENSUALES} />
              ),
            }}
            series={[{ name: 'total_ingresos', label: 'Ingresos', color: 'blue.7' }]}
          />
          <DatosGrafico titulo={titulo} columnas={['Mes', 'Pasajes', 'Ingresos']}
            filas={ingresos.map((m) => [etiquetaPeriodo(m.mes), formatNumber(m.cantidad), formatMoney(m.total_ingresos)])} />
        </>
      )}
    </Paper>
  );
}
