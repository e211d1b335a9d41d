import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { fetchFile, type Archivo } from '@/lib/files';
import { conConsulta, type Parametros, type Schema } from './contract';
import { reportesCajasKeys, reportesPasajerosKeys } from './keys';

// Types and calls of internal/api/reportes*.go (issue 23). Each report keeps its own block.

/** The period an answer covers, as the server states it. */
export type PeriodoReporte = Schema<'PeriodoReporte'>;
/** The query parameters of the period filter (features/reportes parametrosPeriodo). */
export type ParametrosPeriodo = Record<string, string>;
/** The file formats of a report's export. */
export type FormatoReporte = 'csv' | 'xlsx' | 'pdf';

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
export function exportarPasajeros(periodo: ParametrosPeriodo, formato: FormatoReporte): Promise<Archivo> {
  return fetchFile(conConsulta('/reportes/pasajeros/exportar',
    { ...periodo, formato } satisfies Parametros<'exportarPasajerosReporte'>));
}

// ─── End of the passenger report ────────────────────────────────────────────────────────────────

// ---- Cash-register report (internal/api/reportes_cajas.go) ----

/** GET /reportes/caja/estadisticas: the period's cards, one page of its registers and the page. */
export type ReporteCajas = Schema<'ReporteCajas'>;
/** A register of the register report. */
export type FilaReporteCajas = Schema<'FilaReporteCajas'>;
/** A register's report: X while open, the stored Z once closed. */
export type ReporteCaja = Schema<'ReporteCaja'>;
/** The figures of a payment method's line, or the totals, of a register report. */
export type CifrasLineaCaja = Schema<'CifrasLineaCaja'>;

/** Registers per page of the register report (backoffice §9). */
export const CAJAS_POR_PAGINA = 15;

/** The papers a register report prints on. */
export type PapelReporteCaja = '80mm' | 'a4';
/** The formats of a report's export. */
export type FormatoExportacion = 'csv' | 'xlsx' | 'pdf';

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
export function exportarReporteCajas(periodo: Record<string, string>, formato: FormatoExportacion): Promise<Archivo> {
  const consulta = { ...periodo, formato };
  return fetchFile(conConsulta('/reportes/caja/exportar', consulta satisfies Parametros<'exportarReporteCajas'>));
}

// ---- end of the cash-register report ----
