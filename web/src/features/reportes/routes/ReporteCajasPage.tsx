import { Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCashRegister } from '@tabler/icons-react';
import { useState } from 'react';
import { reportesCajasKeys } from '@/api/keys';
import { descargarReporteCajas, useReporteCajas } from '@/api/reportes';
import { EmptyState } from '@/components/EmptyState';
import { QueryState } from '@/components/QueryState';
import { StatCard } from '@/components/StatCard';
import { formatMoney, formatNumber } from '@/lib/format';
import { useSession } from '@/lib/session';
import { BotonActualizar } from '@/features/reportes/components/BotonActualizar';
import { BotonesEmail, ENVIOS_CAJAS } from '@/features/reportes/components/BotonesEmail';
import { ExportarReporte } from '@/features/reportes/components/ExportarReporte';
import { FiltroPeriodo } from '@/features/reportes/components/FiltroPeriodo';
import { PaginacionReporte } from '@/features/reportes/components/PaginacionReporte';
import { ReporteCajaModal } from '@/features/reportes/components/ReporteCajaModal';
import { TablaReporteCajas } from '@/features/reportes/components/TablaReporteCajas';
import { parametrosPeriodo, usePeriodo } from '@/features/reportes/periodo';

/** 'Reporte de Cajas' (backoffice §2.15): the registers opened in a period, their figures and each one's X/Z report. */
export function ReporteCajasPage() {
  const { can } = useSession();
  const [periodo, setPeriodo] = usePeriodo();
  const [pagina, setPagina] = useState(1);
  const [cajaId, setCajaId] = useState<number | null>(null);
  const params = parametrosPeriodo(periodo);
  const reporte = useReporteCajas(params, pagina);
  const hayFilas = (reporte.data?.paginacion.total ?? 0) > 0;

  const est = reporte.data?.estadisticas;
  const figuras: [string, string][] = [
    ['Cajas Abiertas', est ? formatNumber(est.cajasAbiertas) : '—'],
    ['Cajas Cerradas', est ? formatNumber(est.cajasCerradas) : '—'],
    ['Efectivo Total', est ? formatMoney(est.totalEfectivo) : '—'],
    ['Total Movimientos', est ? formatNumber(est.totalMovimientos) : '—'],
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>Reporte de Cajas</Title>
          <Text c="dimmed">Las cajas abiertas en el período, sus cierres y sus reportes X y Z</Text>
        </div>
        {can('reportes', 'exportar') && (
          <ExportarReporte descargar={descargarReporteCajas} nombre="reporte-cajas" periodo={params} sinDatos={!hayFilas}>
            <BotonesEmail envios={ENVIOS_CAJAS} periodo={periodo} sinDatos={!hayFilas || !params} />
          </ExportarReporte>
        )}
      </Group>
      <Paper withBorder p="md" radius="md" component="section" aria-label="Período">
        <Group align="flex-end" justify="space-between" gap="sm">
          <FiltroPeriodo value={periodo} conBase={false} onChange={(p) => { setPeriodo(p); setPagina(1); }} />
          <BotonActualizar queryKey={reportesCajasKeys.all} disabled={!params} />
        </Group>
      </Paper>
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" component="section" aria-label="Resumen del período">
        {figuras.map(([label, value]) => <StatCard key={label} label={label} value={value} />)}
      </SimpleGrid>
      {params === null ? (
        <Text c="dimmed">Elegí la fecha de inicio y la de fin del rango.</Text>
      ) : (
        <QueryState pending={reporte.isPending} error={reporte.error} errorTitle="Error al cargar los datos del reporte"
          onRetry={() => void reporte.refetch()}>
          {reporte.data && (
            <Paper withBorder radius="md" p="sm">
              <Stack gap="sm">
                {reporte.data.data.length === 0
                  ? <EmptyState icon={IconCashRegister} title="No hay cajas en el período" message="Ninguna caja se abrió en las fechas elegidas" />
                  : <TablaReporteCajas cajas={reporte.data.data} onVer={setCajaId} />}
                <PaginacionReporte paginacion={reporte.data.paginacion} onPagina={setPagina} />
              </Stack>
            </Paper>
          )}
        </QueryState>
      )}
      <ReporteCajaModal cajaId={cajaId} onClose={() => setCajaId(null)} />
    </Stack>
  );
}
