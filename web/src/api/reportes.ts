import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { fetchFile, fetchFileConProgreso, type Archivo, type ProgresoDescarga } from '@/lib/files';
import { conConsulta, type Parametros, type Schema } from './contract';
import { reportesCajasKeys, reportesKeys, reportesPasajerosKeys } from './keys';

// Types and calls of internal/api/reportes*.go (issue 23). Each report keeps its own block.

/** The period an answer covers, as the server states it. */
export type PeriodoReporte = Schema<'PeriodoReporte'>;
/** The query parameters of the period filter (features/reportes parametrosPeriodo). */
export type ParametrosPeriodo = Record<string, string>;
/** The file formats of a report's export. */
export type FormatoReporte = 'csv' | 'xlsx' | 'pdf';

/** How a report's download is followed: cancelled by `signal`, its bytes reported to `onProgreso`. */
export interface OpcionesDescarga {
  signal?: AbortSignal;
  onProgreso?: (p: ProgresoDescarga) => void;
}

/** Fetches a report's file of the period in formato. */
export type DescargarReporte = (periodo: ParametrosPeriodo, formato: FormatoReporte, opciones?: OpcionesDescarga) => Promise<Archivo>;

// ─── Passenger report (internal/api/reportes_pasajeros.go) ──────────────────────────────────────

/** The figures and the ten most frequent passengers of a period. */
export type EstadisticasPasajeros = Schema<'EstadisticasPasajeros'>;
/** One of 'Pasajeros Frecuentes (Top 10)'. */
export type ClienteTop = Schema<'ClienteTop'>;
/** One page of the period's passengers. */
export type ListadoPasajerosReporte = Schema<'ListadoPasajeros'>;
/** A row of the passenger list. */
export type PasajeroReporte = Schema<'PasajeroReporte'>;
/** The popular routes of a period. */
export type RutasPopulares = Schema<'RutasPopulares'>;
/** A section × trip type with its tickets, passengers and income. */
export type RutaPopular = Schema<'RutaPopular'>;

/** Page size of the passenger list (backoffice §9) and how many popular routes (§9). */
export const PASAJEROS_POR_PAGINA = 15;
export const RUTAS_POPULARES = 5;

export function useEstadisticasPasajeros(periodo: ParametrosPeriodo | null) {
  return useQuery(queryOptions({
    queryKey: reportesPasajerosKeys.estadisticas(periodo),
    queryFn: ({ signal }) => api.get<EstadisticasPasajeros>(
      conConsulta('/reportes/pasajeros/estadisticas', { ...periodo } satisfies Parametros<'estadisticasPasajeros'>), { signal }),
    placeholderData: keepPreviousData,
    enabled: periodo !== null,
  }));
}

export function usePasajerosReporte(periodo: ParametrosPeriodo | null, pagina: number) {
  return useQuery(queryOptions({
    queryKey: reportesPasajerosKeys.lista(periodo, pagina),
    queryFn: ({ signal }) => api.get<ListadoPasajerosReporte>(conConsulta('/reportes/pasajeros',
      { ...periodo, pagina, limite: PASAJEROS_POR_PAGINA } satisfies Parametros<'listarPasajerosReporte'>), { signal }),
    placeholderData: keepPreviousData,
    enabled: periodo !== null,
  }));
}

export function useRutasPopulares(periodo: ParametrosPeriodo | null) {
  return useQuery(queryOptions({
    queryKey: reportesPasajerosKeys.rutas(periodo),
    queryFn: ({ signal }) => api.get<RutasPopulares>(conConsulta('/reportes/pasajeros/rutas-populares',
      { ...periodo, limite: RUTAS_POPULARES } satisfies Parametros<'rutasPopulares'>), { signal }),
    placeholderData: keepPreviousData,
    enabled: periodo !== null,
  }));
}

/** The period's passengers as a file (reporte-pasajeros-{período}-{fecha}.{formato}). */
/** The period's passengers as a file (GET /reportes/pasajeros/exportar), reporting its progress. */
export const descargarPasajeros: DescargarReporte = (periodo, formato, opciones = {}) =>
  fetchFileConProgreso(conConsulta('/reportes/pasajeros/exportar',
    { ...periodo, formato } satisfies Parametros<'exportarPasajerosReporte'>), opciones);

// ─── End of the passenger report ────────────────────────────────────────────────────────────────

// ---- Cash-register report (internal/api/reportes_cajas.go) ----

/** GET /reportes/caja/estadisticas: the period's cards, one page of its registers and the page. */
export type ReporteCajas = Schema<'ReporteCajas'>;
/** A register of the register report. */
export type FilaReporteCajas = Schema<'FilaReporteCajas'>;
/** A register's report: X while open, the stored Z once closed. */
export type ReporteCaja = Schema<'ReporteCaja'>;

/** How a register was counted at its close and who approved its difference (Z reports since issue 36). */
export type CierreZ = Schema<'CierreZ'>;
/** The figures of a payment method's line, or the totals, of a register report. */
export type CifrasLineaCaja = Schema<'CifrasLineaCaja'>;

/** Registers per page of the register report (backoffice §9). */
export const CAJAS_POR_PAGINA = 15;

/** The papers a register report prints on. */
export type PapelReporteCaja = '80mm' | 'a4';
/** The formats of a report's export. */
/** The period's registers, a page of CAJAS_POR_PAGINA; `periodo` are the period filter's parameters (null: incomplete). */
export function useReporteCajas(periodo: Record<string, string> | null, pagina: number) {
  const consulta = { ...periodo, pagina, limite: CAJAS_POR_PAGINA };
  return useQuery(queryOptions({
    queryKey: reportesCajasKeys.lista(consulta),
    queryFn: ({ signal }) =>
      api.get<ReporteCajas>(conConsulta('/reportes/caja/estadisticas', consulta satisfies Parametros<'estadisticasReporteCajas'>), { signal }),
    placeholderData: keepPreviousData,
    enabled: periodo !== null,
  }));
}

/** One register's X (open) or Z (closed) report. */
export function useReporteCaja(id: number | null) {
  return useQuery(queryOptions({
    queryKey: reportesCajasKeys.reporte(id ?? 0),
    queryFn: ({ signal }) => api.get<ReporteCaja>(`/reportes/caja/${id}`, { signal }),
    enabled: id !== null,
  }));
}

/** A register's report as a PDF for the 80 mm printer or an A4 page. */
export function pdfReporteCaja(id: number, formato: PapelReporteCaja): Promise<Archivo> {
  return fetchFile(conConsulta(`/reportes/caja/${id}/pdf`, { formato } satisfies Parametros<'imprimirReporteCaja'>));
}

/** The period's registers as a CSV, XLSX or PDF file. */
/** The period's registers as a file (GET /reportes/caja/exportar), reporting its progress. */
export const descargarReporteCajas: DescargarReporte = (periodo, formato, opciones = {}) =>
  fetchFileConProgreso(conConsulta('/reportes/caja/exportar',
    { ...periodo, formato } satisfies Parametros<'exportarReporteCajas'>), opciones);

// ---- end of the cash-register report ----

// ---------------------------------------------------------------------------------------------------------
// BEGIN sales reports (issue 23: KPIs, charts, statistics, detailed sales, the sales file).
// ---------------------------------------------------------------------------------------------------------

/** Cancelled tickets, never counted in sales or income: their count and amount. */
export type Cancelados = Schema<'Cancelados'>;
/** Sales of one payment method. */
export type VentasPorMedioPago = Schema<'VentasMedioPago'>;
/** Sales of one section. */
export type VentasPorSeccion = Schema<'VentasSeccion'>;
/** Sales of one trip type. */
export type VentasPorTipoViaje = Schema<'VentasTipoViaje'>;
/** Sales of one seller. */
export type VentasPorVendedor = Schema<'VentasVendedor'>;
/** The business day that sold most. */
export type MejorDia = Schema<'MejorDia'>;
/** GET /reportes/graficos/kpis: the period's figures and their change against the previous equal period. */
export type KpisReporte = Schema<'KPIsVentas'>;
/** The income of one month ('2026-11'). */
export type IngresoMensual = Schema<'IngresoMensual'>;
/** GET /reportes/graficos/ingresos-mensuales: the last `meses` months, oldest first, and by section. */
export type IngresosMensuales = Schema<'IngresosMensuales'>;
/** A point of the sales series: a day ('2026-11-25') or a month ('2026-11'). */
export type PuntoVentas = Schema<'PuntoVentas'>;
/** GET /reportes/graficos/ventas-periodo: every day (or month) of the period, zeros included. */
export type VentasPeriodo = Schema<'VentasPeriodo'>;
/** GET /reportes/estadisticas: the period's sales by section, trip type, seller and payment method. */
export type EstadisticasVentas = Schema<'EstadisticasVentas'>;
/** A sold ticket of the detailed sales (every state). */
export type VentaDetallada = Schema<'VentaDetallada'>;
/** The pagination object of the paged reports. */
export type PaginacionReporte = Schema<'PaginacionReporte'>;
/** GET /reportes/ventas-detalladas: one page, newest first. */
export type VentasDetalladas = Schema<'VentasDetalladas'>;

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
  // The window is the last months up to the current one: of the period, only its date basis counts.
  const consulta = { meses: String(meses), base: periodo?.base ?? 'venta' };
  return queryOptions({
    queryKey: reportesKeys.ingresosMensuales({ base: consulta.base }, meses),
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
export const descargarReporteVentas: DescargarReporte = (periodo, formato, opciones = {}) =>
  fetchFileConProgreso(conConsulta('/reportes/excel', { ...periodo, formato }), opciones);

// END sales reports
