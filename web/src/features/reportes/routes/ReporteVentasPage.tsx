import '@/features/reportes/components/impresion.css';
import { Alert, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconTicketOff } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { descargarReporteVentas, kpisQuery, LIMITE_VENTAS, ventasDetalladasQuery, ventasPeriodoQuery } from '@/api/reportes';
import { reportesKeys } from '@/api/keys';
import { EmptyState } from '@/components/EmptyState';
import { QueryState } from '@/components/QueryState';
import { BotonesEmail, ENVIOS_VENTAS } from '@/features/reportes/components/BotonesEmail';
import { BotonActualizar } from '@/features/reportes/components/BotonActualizar';
import { ExportarReporte } from '@/features/reportes/components/ExportarReporte';
import { FiltroPeriodo } from '@/features/reportes/components/FiltroPeriodo';
import { GraficoEvolucionVentas } from '@/features/reportes/components/GraficoVentas';
import { PeriodoCubierto } from '@/features/reportes/components/PeriodoCubierto';
import { PaginacionReporte } from '@/features/reportes/components/PaginacionReporte';
import { TablaVentas } from '@/features/reportes/components/TablaVentas';
import { TarjetaKpi } from '@/features/reportes/components/TarjetaKpi';
import { usePeriodoPaginado } from '@/features/reportes/useReporte';
import { formatCantidad, formatDate, formatMoney, formatNumber } from '@/lib/format';
import { tienePermiso, useSession } from '@/lib/session';

/** What the report says when its data does not load (backoffice §8). */
export const ERROR_DATOS_REPORTE = 'Error al cargar los datos del reporte';

/** 'Reporte de Ventas' (backoffice §2.15): KPIs, 'Evolución de Ventas', the detailed sales (15 a page) and its files. */
export function ReporteVentasPage() {
  const { usuario } = useSession();
  const queryClient = useQueryClient();
  const { periodo, parametros, pagina, setPagina, setPeriodo } = usePeriodoPaginado();
  // A year is drawn month by month; shorter periods day by day.
  const kpis = useQuery(kpisQuery(parametros));
  const serie = useQuery(ventasPeriodoQuery(parametros, periodo.tipo === 'año' ? 'mes' : 'dia'));
  const detalle = useQuery(ventasDetalladasQuery(parametros, pagina, LIMITE_VENTAS));
  const error = kpis.error ?? serie.error ?? detalle.error;
  const sinDatos = !detalle.data || detalle.data.paginacion.total === 0;
  const actualizar = () => void queryClient.invalidateQueries({ queryKey: reportesKeys.ventas() });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>Reporte de Ventas</Title>
          <Text c="dimmed">Ventas, ingresos y pasajes vendidos del período</Text>
        </div>
        {tienePermiso(usuario, 'reportes.exportar') && (
          <ExportarReporte descargar={descargarReporteVentas} nombre="reporte-ventas" periodo={parametros} sinDatos={sinDatos}
            pdfParaImprimir conImprimir>
            <BotonesEmail envios={ENVIOS_VENTAS} periodo={periodo} sinDatos={sinDatos || !parametros} />
          </ExportarReporte>
        )}
      </Group>
      <Paper withBorder p="md" radius="md" component="section" aria-label="Filtros" data-imprimir="no">
        <Group align="flex-end" justify="space-between" gap="sm">
          <FiltroPeriodo value={periodo} onChange={setPeriodo} />
          <BotonActualizar queryKey={reportesKeys.ventas()} disabled={!parametros} />
        </Group>
        {!parametros && <Text size="sm" c="dimmed" mt="xs">Elija las dos fechas del rango.</Text>}
      </Paper>
      {parametros && (
        <QueryState pending={kpis.isPending || serie.isPending || detalle.isPending} error={error} errorTitle={ERROR_DATOS_REPORTE}
          onRetry={actualizar}>
          {kpis.data && (
            <>
              <PeriodoCubierto periodo={kpis.data.periodo} />
              <SimpleGrid cols={{ base: 1, xs: 2, xl: 4 }} spacing="sm" component="section" aria-label="Indicadores">
                <TarjetaKpi label="Total Ventas" value={formatNumber(kpis.data.total_ventas)} />
                <TarjetaKpi label="Ingresos Totales" value={formatMoney(kpis.data.total_ingresos)} />
                <TarjetaKpi label="Promedio por Venta" value={formatMoney(kpis.data.ticket_promedio)} />
                <TarjetaKpi label="Mejor Día" value={kpis.data.mejor_dia ? formatDate(kpis.data.mejor_dia.fecha) : 'N/A'}
                  note={kpis.data.mejor_dia && `${formatCantidad(kpis.data.mejor_dia.cantidad, 'pasaje')} · ${formatMoney(kpis.data.mejor_dia.total)}`} />
              </SimpleGrid>
              {kpis.data.cancelados.cantidad > 0 && (
                <Alert color="gray" variant="light" title="Cancelados (no incluidos en ventas ni ingresos)">
                  {formatCantidad(kpis.data.cancelados.cantidad, 'pasaje')} · {formatMoney(kpis.data.cancelados.importe)}
                </Alert>
              )}
            </>
          )}
          {serie.data && <GraficoEvolucionVentas puntos={serie.data.ventas} />}
          {detalle.data && (
            <Paper withBorder radius="md" p="sm" component="section" aria-label="Detalle de ventas">
              <Title order={2} size="h4" mb="sm">Detalle de ventas</Title>
              {detalle.data.ventas.length === 0 ? (
                <EmptyState icon={IconTicketOff} title="No hay ventas en el período" />
              ) : (
                <Stack gap="sm">
                  <TablaVentas ventas={detalle.data.ventas} base={periodo.base} />
                  <PaginacionReporte paginacion={detalle.data.paginacion} onPagina={setPagina} />
                </Stack>
              )}
            </Paper>
          )}
        </QueryState>
      )}
    </Stack>
  );
}
