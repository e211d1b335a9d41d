import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { fetchFile, type Archivo } from '@/lib/files';
import { conConsulta, type Parametros, type Schema } from './contract';
import { reportesCajasKeys } from './keys';

// Types and calls of internal/api/reportes*.go (issue 23). Each report keeps its own block.

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
