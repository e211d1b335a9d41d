import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { fetchFile, type Archivo } from '@/lib/files';
import { conConsulta, type Parametros, type Schema } from './contract';
import { reportesPasajerosKeys } from './keys';

// Types and calls of the reports (internal/api/reportes*.go). Each report has its own section below.

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
