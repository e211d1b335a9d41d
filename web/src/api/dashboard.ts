import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { Schema } from './contract';

// Types of internal/api/dashboard.go (the boarding dashboard's too).

/** One of the seller's latest sales. */
export type UltimaVenta = Schema<'VentaReciente'>;

/**
 * GET /dashboard/stats for a user who runs a register: the server fills every
 * field for roles with caja.ver (the only ones shown the seller dashboard).
 */
export type VendedorStats = Required<Schema<'EstadisticasDashboard'>>;

/** GET /dashboard/lancha/stats: today's boarding. */
export type LanchaStats = Schema<'EstadisticasLancha'>;

/** One of the latest validations of the company. */
export type ValidacionReciente = Schema<'ValidacionReciente'>;

// Keys and queries.

/** Query keys of the dashboards. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  stats: () => [...dashboardKeys.all, 'stats'] as const,
  lancha: () => [...dashboardKeys.all, 'lancha'] as const,
  lanchaStats: () => [...dashboardKeys.lancha(), 'stats'] as const,
  lanchaRecientes: () => [...dashboardKeys.lancha(), 'recientes'] as const,
};

/** Dashboards poll every 30 s (operaciones §7); figures younger than 20 s are not fetched again. */
const REFRESCO = { refetchInterval: 30_000, staleTime: 20_000 } as const;

/** The seller's figures. */
export const vendedorStatsQuery = queryOptions({
  queryKey: dashboardKeys.stats(),
  queryFn: ({ signal }) => api.get<VendedorStats>('/dashboard/stats', { signal }),
  ...REFRESCO,
});

/** Today's counters of the boarding dashboard. */
export const lanchaStatsQuery = queryOptions({
  queryKey: dashboardKeys.lanchaStats(),
  queryFn: ({ signal }) => api.get<LanchaStats>('/dashboard/lancha/stats', { signal }),
  ...REFRESCO,
});

/** The latest 10 validations. */
export const lanchaRecientesQuery = queryOptions({
  queryKey: dashboardKeys.lanchaRecientes(),
  queryFn: ({ signal }) => api.get<ValidacionReciente[]>('/dashboard/lancha/recientes', { signal }),
  ...REFRESCO,
});
