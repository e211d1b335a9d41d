import { Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconTicketOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  descargarReporteVentas, ingresosMensualesQuery, kpisQuery, LIMITE_VENTAS_AVANZADO, MESES_INGRESOS_DEFECTO, ventasDetalladasQuery, type MesesIngresos,
} from '@/api/reportes';
import { EmptyState } from '@/components/EmptyState';
import { QueryState } from '@/components/QueryState';
import { ExportarReporte } from '@/features/reportes/components/ExportarReporte';
import { FiltroPeriodo } from '@/features/reportes/components/FiltroPeriodo';
import { formatPorcentaje } from '@/features/reportes/components/formato';
import { GraficoIngresosMensuales } from '@/features/reportes/components/GraficoVentas';
import { PeriodoCubierto } from '@/features/reportes/components/PeriodoCubierto';
import { PaginacionReporte } from '@/features/reportes/components/PaginacionReporte';
import { TablaDesglose, TablaVentas } from '@/features/reportes/components/TablaVentas';
import { TarjetaKpi } from '@/features/reportes/components/TarjetaKpi';
import { usePeriodoPaginado } from '@/features/reportes/useReporte';
import { formatCantidad, formatMoney, formatNumber } from '@/lib/format';
import { tienePermiso, useSession } from '@/lib/session';

const ERROR_DATOS = 'Error al cargar los datos del reporte';

/** The KPI cards with their change against the previous period, the payment methods and the cancelled apart. */
function Indicadores({ parametros }: { parametros: Record<string, string> | null }) {
  const kpis = useQuery(kpisQuery(parametros));
  return (
    <QueryState pending={kpis.isPending} error={kpis.error} errorTitle={ERROR_DATOS} onRetry={() => void kpis.refetch()}>
      {kpis.data && (
        <Stack gap="md">
          <PeriodoCubierto periodo={kpis.data.periodo} />
          <SimpleGrid cols={{ base: 1, xs: 2, xl: 4 }} spacing="sm" component="section" aria-label="Indicadores">
            <TarjetaKpi label="Total Ventas" value={formatNumber(kpis.data.total_ventas)} variacion={kpis.data.variacion_ventas} />
            <TarjetaKpi label="Ingresos Totales" value={formatMoney(kpis.data.total_ingresos)} variacion={kpis.data.variacion_ingresos} />
            <TarjetaKpi label="Ticket Promedio" value={formatMoney(kpis.data.ticket_promedio)} variacion={kpis.data.variacion_ticket} />
            <TarjetaKpi label="Tasa de Embarque" value={formatPorcentaje(kpis.data.tasa_embarque)} variacion={kpis.data.variacion_embarque} unidad="p.p." />
          </SimpleGrid>
          <Paper withBorder p="md" radius="md">
            <Title order={2} size="h4" mb="sm">Ingresos por medio de pago</Title>
            <TablaDesglose titulo="Ingresos por medio de pago" columna="Medio de pago"
              filas={kpis.data.por_medio_pago.map((m) => ({ clave: m.medio_pago_id, nombre: m.medio_pago, cantidad: m.cantidad, total: m.total }))} />
            <Text size="sm" c="dimmed" mt="sm">
              Cancelados (no incluidos): {formatCantidad(kpis.data.cancelados.cantidad, 'pasaje')} · {formatMoney(kpis.data.cancelados.importe)}
            </Text>
          </Paper>
        </Stack>
      )}
    </QueryState>
  );
}

/** The monthly income chart (3, 6 or 12 months) and the income by section of the same window. */
function Graficos({ parametros }: { parametros: Record<string, string> | null }) {
  const [meses, setMeses] = useState<MesesIngresos>(MESES_INGRESOS_DEFECTO);
  const ingresos = useQuery(ingresosMensualesQuery(parametros, meses));
  return (
    <QueryState pending={ingresos.isPending} error={ingresos.error} errorTitle="Error al cargar estadísticas" onRetry={() => void ingresos.refetch()}>
      {ingresos.data && (
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
          <GraficoIngresosMensuales meses={meses} onMeses={setMeses} ingresos={ingresos.data.ingresos_mensuales} />
          <Paper withBorder p="md" radius="md">
            <Title order={2} size="h4" mb="sm">Ingresos por sección (últimos {meses} meses)</Title>
            <TablaDesglose titulo="Ingresos por sección" columna="Sección"
              filas={ingresos.data.por_seccion.map((s) => ({ clave: s.seccion_id, nombre: s.seccion, cantidad: s.cantidad, total: s.total }))} />
          </Paper>
        </SimpleGrid>
      )}
    </QueryState>
  );
}

/**
 * 'Reportes Avanzados' (backoffice §2.15): the period (today by default), KPI cards against the previous period, income
 * by payment method with the cancelled apart, the monthly income (3/6/12 months) and by section, the detailed sales
 * (10 a page) and the files.
 */
export function ReportesAvanzadosPage() {
  const { usuario } = useSession();
  const { periodo, parametros, pagina, setPagina, setPeriodo } = usePeriodoPaginado();
  const detalle = useQuery(ventasDetalladasQuery(parametros, pagina, LIMITE_VENTAS_AVANZADO));
  return (
    <Stack gap="md">
      <div>
        <Title order={2}>Reportes Avanzados</Title>
        <Text c="dimmed">Indicadores, tendencias y detalle de las ventas</Text>
      </div>
      <Paper withBorder p="md" radius="md" component="section" aria-label="Filtros">
        <FiltroPeriodo value={periodo} onChange={setPeriodo} />
        {!parametros && <Text size="sm" c="dimmed" mt="xs">Elija las dos fechas del rango.</Text>}
      </Paper>
      {parametros && (
        <>
          <Indicadores parametros={parametros} />
          <Graficos parametros={parametros} />
          <Paper withBorder radius="md" p="sm" component="section" aria-label="Detalle de ventas">
            <Group justify="space-between" mb="sm" gap="xs">
              <Title order={2} size="h4">Detalle de ventas</Title>
              {tienePermiso(usuario, 'reportes.exportar') && (
                <ExportarReporte descargar={descargarReporteVentas} nombre="reporte-ventas" periodo={parametros}
                  sinDatos={!detalle.data || detalle.data.paginacion.total === 0} />
              )}
            </Group>
            <QueryState pending={detalle.isPending} error={detalle.error} errorTitle={ERROR_DATOS} onRetry={() => void detalle.refetch()}>
              {detalle.data && (detalle.data.ventas.length === 0 ? (
                <EmptyState icon={IconTicketOff} title="No hay ventas en el período" />
              ) : (
                <Stack gap="sm">
                  <TablaVentas ventas={detalle.data.ventas} completa />
                  <PaginacionReporte paginacion={detalle.data.paginacion} onPagina={setPagina} />
                </Stack>
              ))}
            </QueryState>
          </Paper>
        </>
      )}
    </Stack>
  );
}
