import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { fetchFileConProgreso, type Archivo, type ProgresoDescarga } from '@/lib/files';
import { conConsulta } from './contract';
import { reportesKeys } from './keys';

// Calls of internal/api/reportes*.go (backoffice §7 Reports, issue 23). Each report area
// (sales, registers, passengers) keeps its own section below.

// ---------------------------------------------------------------------------------------------------------
// BEGIN sales reports (issue 23: KPIs, charts, statistics, detailed sales, the sales file).
// The response types are written by hand after the reports contract until `make generate` runs with the endpoints;
// at merge they become Schema<'…'> aliases of types.gen.ts with the same names.
// ---------------------------------------------------------------------------------------------------------

/** The query parameters of a report's period (features/reportes parametrosPeriodo); null while incomplete. */
export type ParametrosPeriodo = Record<string, string>;

/** The period an answer covers (api.PeriodoReporte): its kind, first and last business day, date basis. */
export interface PeriodoReporte {
  tipo: 'hoy' | 'rango' | 'mes' | 'año';
  desde: string;
  hasta: string;
  base: 'venta' | 'viaje';
}

/** Cancelled tickets, never counted in sales or income: their count and amount. */
export interface Cancelados {
  cantidad: number;
  importe: number;
}

/** Sales of one payment method. */
export interface VentasPorMedioPago {
  medio_pago_id: number;
  medio_pago: string;
  cantidad: number;
  total: number;
}

/** Sales of one section. */
export interface VentasPorSeccion {
  seccion_id: number;
  seccion: string;
  cantidad: number;
  total: number;
}

/** Sales of one trip type. */
export interface VentasPorTipoViaje {
  tipo_viaje_id: number;
  tipo_viaje: string;
  cantidad: number;
  total: number;
}

/** Sales of one seller. */
export interface VentasPorVendedor {
  usuario_id: number;
  vendedor: string;
  cantidad: number;
  total: number;
}

/** The business day that sold most. */
export interface MejorDia {
  fecha: string;
  cantidad: number;
  total: number;
}

/** GET /reportes/graficos/kpis: the period's figures and their change against the previous equal period. */
export interface KpisReporte {
  periodo: PeriodoReporte;
  total_ventas: number;
  total_ingresos: number;
  ticket_promedio: number;
  /** % of the non-cancelled tickets that boarded. */
  tasa_embarque: number;
  /** % change; null when the previous period had nothing. */
  variacion_ventas: number | null;
  variacion_ingresos: number | null;
  variacion_ticket: number | null;
  /** Difference in points of tasa_embarque. */
  variacion_embarque: number | null;
  cancelados: Cancelados;
  por_medio_pago: VentasPorMedioPago[];
  mejor_dia: MejorDia | null;
}

/** The income of one month ('2026-11'). */
export interface IngresoMensual {
  mes: string;
  total_ingresos: number;
  cantidad: number;
}

/** GET /reportes/graficos/ingresos-mensuales: the last `meses` months, oldest first, and by section. */
export interface IngresosMensuales {
  meses: number;
  ingresos_mensuales: IngresoMensual[];
  por_seccion: VentasPorSeccion[];
}

/** A point of the sales series: a day ('2026-11-25') or a month ('2026-11'). */
export interface PuntoVentas {
  periodo: string;
  cantidad_pasajes: number;
  ingreso_total: number;
}

/** GET /reportes/graficos/ventas-periodo: every day (or month) of the period, zeros included. */
export interface VentasPeriodo {
  periodo: PeriodoReporte;
  ventas: PuntoVentas[];
}

/** GET /reportes/estadisticas: the period's sales by section, trip type, seller and payment method. */
export interface EstadisticasVentas {
  periodo: PeriodoReporte;
  total_ventas: number;
  total_ingresos: number;
  cancelados: Cancelados;
  por_seccion: VentasPorSeccion[];
  por_tipo_viaje: VentasPorTipoViaje[];
  por_vendedor: VentasPorVendedor[];
  por_medio_pago: VentasPorMedioPago[];
}

/** A sold ticket of the detailed sales (every state). */
export interface VentaDetallada {
  id: number;
  /** RFC 3339 instant. */
  fecha_venta: string;
  /** YYYY-MM-DD. */
  fecha_viaje: string;
  numero_pasaje: string;
  cliente_nombre: string;
  seccion_nombre: string;
  tipo_viaje_nombre: string;
  medio_pago_nombre: string;
  vendedor: string;
  precio: number;
  estado: 'activo' | 'usado' | 'cancelado';
}

/** The pagination object of the paged reports. */
export interface PaginacionReporte {
  pagina: number;
  limite: number;
  total: number;
  totalPaginas: number;
}

/** GET /reportes/ventas-detalladas: one page, newest first. */
export interface VentasDetalladas {
  periodo: PeriodoReporte;
  ventas: VentaDetallada[];
  paginacion: PaginacionReporte;
}

/** The files of the sales report (GET /reportes/excel?formato=). */
export type FormatoReporte = 'csv' | 'xlsx' | 'pdf';
/** How the monthly chart groups its window: the last 3, 6 or 12 months (backoffice §9). */
export type MesesIngresos = 3 | 6 | 12;
/** How the sales series groups the period. */
export type AgruparVentas = 'dia' | 'mes';

/** The monthly income window offered, default 6 (backoffice §9). */
export const MESES_INGRESOS: readonly MesesIngresos[] = [3, 6, 12];
export const MESES_INGRESOS_DEFECTO: MesesIngresos = 6;
/** Page sizes: the sales report shows 15 rows, the advanced reports 10 (backoffice §9). */
export const LIMITE_VENTAS = 15;
export const LIMITE_VENTAS_AVANZADO = 10;

/** The sales figures of a period; waits while the period is incomplete. */
export function kpisQuery(periodo: ParametrosPeriodo | null) {
  return queryOptions({
    queryKey: reportesKeys.kpis(periodo),
    queryFn: ({ signal }) => api.get<KpisReporte>(conConsulta('/reportes/graficos/kpis', periodo ?? {}), { signal }),
    enabled: periodo !== null,
    placeholderData: keepPreviousData,
  });
}

/** The income of the last `meses` months (and by section); the period gives only its date basis. */
export function ingresosMensualesQuery(periodo: ParametrosPeriodo | null, meses: MesesIngresos) {
  const consulta = { ...periodo, meses: String(meses) };
  return queryOptions({
    queryKey: reportesKeys.ingresosMensuales(periodo, meses),
    queryFn: ({ signal }) => api.get<IngresosMensuales>(conConsulta('/reportes/graficos/ingresos-mensuales', consulta), { signal }),
    enabled: periodo !== null,
    placeholderData: keepPreviousData,
  });
}

/** The tickets and income of every day (or month) of the period. */
export function ventasPeriodoQuery(periodo: ParametrosPeriodo | null, agrupar: AgruparVentas = 'dia') {
  return queryOptions({
    queryKey: reportesKeys.ventasPeriodo(periodo, agrupar),
    queryFn: ({ signal }) =>
      api.get<VentasPeriodo>(conConsulta('/reportes/graficos/ventas-periodo', { ...periodo, agrupar }), { signal }),
    enabled: periodo !== null,
    placeholderData: keepPreviousData,
  });
}

/** The period's sales by section, trip type, seller and payment method. */
export function estadisticasVentasQuery(periodo: ParametrosPeriodo | null) {
  return queryOptions({
    queryKey: reportesKeys.estadisticas(periodo),
    queryFn: ({ signal }) => api.get<EstadisticasVentas>(conConsulta('/reportes/estadisticas', periodo ?? {}), { signal }),
    enabled: periodo !== null,
  });
}

/** One page (from 1) of the period's sold tickets; the previous page stays on screen while the next loads. */
export function ventasDetalladasQuery(periodo: ParametrosPeriodo | null, pagina: number, limite: number) {
  const consulta = { ...periodo, pagina: String(pagina), limite: String(limite) };
  return queryOptions({
    queryKey: reportesKeys.ventasDetalladas(periodo, pagina, limite),
    queryFn: ({ signal }) => api.get<VentasDetalladas>(conConsulta('/reportes/ventas-detalladas', consulta), { signal }),
    enabled: periodo !== null,
    placeholderData: keepPreviousData,
  });
}

/**
 * GET /reportes/excel: the period's detailed sales as CSV, Excel or PDF, with the server's file name
 * (reporte-ventas-{periodo}-{fecha}). `onProgreso` hears the bytes as they arrive; `signal` cancels.
 */
export function descargarReporteVentas(
  periodo: ParametrosPeriodo, formato: FormatoReporte, opciones: { signal?: AbortSignal; onProgreso?: (p: ProgresoDescarga) => void } = {},
): Promise<Archivo> {
  return fetchFileConProgreso(conConsulta('/reportes/excel', { ...periodo, formato }), opciones);
}

// END sales reports
