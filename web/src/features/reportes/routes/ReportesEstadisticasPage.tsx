import { Anchor, Button, Group, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCashRegister, IconPlayerPlay } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { estadisticasVentasQuery, type EstadisticasVentas } from '@/api/reportes';
import { reportesKeys } from '@/api/keys';
import { QueryState } from '@/components/QueryState';
import { StatCard } from '@/components/StatCard';
import { PeriodoCubierto } from '@/features/reportes/components/PeriodoCubierto';
import { FiltroPeriodo } from '@/features/reportes/components/FiltroPeriodo';
import { TablaDesglose } from '@/features/reportes/components/TablaVentas';
import { parametrosPeriodo, usePeriodo } from '@/features/reportes/periodo';
import { formatCantidad, formatMoney, formatNumber } from '@/lib/format';
import { paths } from '@/lib/paths';

/** The reports this screen generates (backoffice §2.15). */
type TipoReporte = 'ventas' | 'caja' | 'secciones' | 'tipos-viaje';

const TIPOS_REPORTE: { value: TipoReporte; label: string }[] = [
  { value: 'ventas', label: 'Ventas' },
  { value: 'caja', label: 'Caja' },
  { value: 'secciones', label: 'Secciones' },
  { value: 'tipos-viaje', label: 'Tipos de viaje' },
];


/** A generated report: its kind and the period it was asked for. */
interface Generado {
  tipo: TipoReporte;
  parametros: Record<string, string>;
}

function ReporteVentas({ datos }: { datos: EstadisticasVentas }) {
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <StatCard label="Total Ventas" value={formatNumber(datos.total_ventas)} />
        <StatCard label="Ingresos Totales" value={formatMoney(datos.total_ingresos)} />
        <StatCard label="Cancelados (no incluidos)" value={formatMoney(datos.cancelados.importe)}
          note={formatCantidad(datos.cancelados.cantidad, 'pasaje cancelado', 'pasajes cancelados')} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Paper withBorder p="md" radius="md">
          <Title order={3} size="h5" mb="xs">Por vendedor</Title>
          <TablaDesglose titulo="Ventas por vendedor" columna="Vendedor"
            filas={datos.por_vendedor.map((v) => ({ clave: v.usuario_id, nombre: v.vendedor, cantidad: v.cantidad, total: v.total }))} />
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Title order={3} size="h5" mb="xs">Por medio de pago</Title>
          <TablaDesglose titulo="Ventas por medio de pago" columna="Medio de pago"
            filas={datos.por_medio_pago.map((m) => ({ clave: m.medio_pago_id, nombre: m.medio_pago, cantidad: m.cantidad, total: m.total }))} />
        </Paper>
      </SimpleGrid>
    </Stack>
  );
}

/** The chosen report of the generated period. */
function Reporte({ generado }: { generado: Generado }) {
  const query = useQuery({ ...estadisticasVentasQuery(generado.parametros), enabled: generado.tipo !== 'caja' });
  if (generado.tipo === 'caja') {
    const consulta = new URLSearchParams(generado.parametros);
    // The register report has no date basis: registers are placed by the day they opened.
    consulta.delete('base');
    return (
      <Stack gap="xs" align="flex-start">
        <Text>El reporte de caja (aperturas, cierres, efectivo y diferencias) tiene su propia pantalla.</Text>
        <Anchor component={Link} to={`${paths.reportesCajas}?${consulta.toString()}`}>
          <Group gap={6}><IconCashRegister size={18} aria-hidden />Ver el reporte de cajas del período</Group>
        </Anchor>
      </Stack>
    );
  }
  return (
    <QueryState pending={query.isPending} error={query.error} errorTitle="Error al cargar estadísticas" onRetry={() => void query.refetch()}>
      {query.data && <PeriodoCubierto periodo={query.data.periodo} />}
      {query.data && generado.tipo === 'ventas' && <ReporteVentas datos={query.data} />}
      {query.data && generado.tipo === 'secciones' && (
        <TablaDesglose titulo="Ventas por sección" columna="Sección"
          filas={query.data.por_seccion.map((s) => ({ clave: s.seccion_id, nombre: s.seccion, cantidad: s.cantidad, total: s.total }))} />
      )}
      {query.data && generado.tipo === 'tipos-viaje' && (
        <TablaDesglose titulo="Ventas por tipo de viaje" columna="Tipo de viaje"
          filas={query.data.por_tipo_viaje.map((t) => ({ clave: t.tipo_viaje_id, nombre: t.tipo_viaje, cantidad: t.cantidad, total: t.total }))} />
      )}
    </QueryState>
  );
}

/**
 * 'Reportes y Estadísticas' (backoffice §2.15): a report type and a period; 'Generar' shows that report of that period
 * (sales with the cancelled apart, by section, by trip type; the register report on its own screen). The sales report of
 * the period in the address is shown on arrival.
 */
export function ReportesEstadisticasPage() {
  const queryClient = useQueryClient();
  const [periodo, setPeriodo] = usePeriodo();
  const [tipo, setTipo] = useState<TipoReporte>('ventas');
  const parametros = parametrosPeriodo(periodo);
  const [generado, setGenerado] = useState<Generado | null>(() => (parametros ? { tipo: 'ventas', parametros } : null));
  const titulo = generado && TIPOS_REPORTE.find((t) => t.value === generado.tipo)!.label;

  const generar = () => {
    if (!parametros) return;
    setGenerado({ tipo, parametros });
    // The same report again is read afresh.
    void queryClient.invalidateQueries({ queryKey: reportesKeys.estadisticas(parametros) });
  };

  return (
    <Stack gap="md">
      <div>
        <Title order={2}>Reportes y Estadísticas</Title>
        <Text c="dimmed">Elija el reporte y el período, y genérelo</Text>
      </div>
      <Paper withBorder p="md" radius="md" component="section" aria-label="Filtros">
        <Group align="flex-end" gap="sm">
          <Select label="Tipo de reporte" w={180} data={TIPOS_REPORTE} value={tipo} allowDeselect={false}
            onChange={(v) => v && setTipo(v as TipoReporte)} />
          <FiltroPeriodo value={periodo} onChange={setPeriodo} conBase={tipo !== 'caja'} />
          <Button leftSection={<IconPlayerPlay size={16} aria-hidden />} onClick={generar} disabled={!parametros}>Generar</Button>
        </Group>
        {!parametros && <Text size="sm" c="dimmed" mt="xs">Elija las dos fechas del rango.</Text>}
      </Paper>
      {generado && (
        <Paper withBorder p="md" radius="md" component="section" aria-label={`Reporte de ${titulo!.toLowerCase()}`}>
          <Title order={2} size="h4" mb="sm">Reporte de {titulo!.toLowerCase()}</Title>
          <Reporte generado={generado} />
        </Paper>
      )}
    </Stack>
  );
}
