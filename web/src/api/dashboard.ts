import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { Caja } from './caja';

// Types of internal/api/dashboard.go (the boarding dashboard's too).

/** One of the seller's latest sales. */
export interface UltimaVenta {
  id: number;
  numero_pasaje: string;
  cliente: string;
  monto: number;
  /** RFC 3339 timestamp of the sale. */
  hora: string;
  seccion: string;
}

/** GET /dashboard/stats for a user who runs a register. */
export interface VendedorStats {
  miCajaAbierta: boolean;
  miCajaInfo: Caja | null;
  misVentasHoy: number;
  misIngresosHoy: number;
  misUltimasVentas: UltimaVenta[];
}

/** GET /dashboard/lancha/stats: today's boarding. */
export interface LanchaStats {
  embarcados_hoy: number;
  mis_embarcados_hoy: number;
  pendientes_hoy: number;
  total_pasajes_hoy: number;
  ultima_validacion: string | null;
  porcentaje_completado: number;
}

/** One of the latest validations of the company. */
export interface ValidacionReciente {
  id: number;
  numero_pasaje: string;
  fecha_embarque: string;
  cliente_nombre: string;
  seccion_nombre: string;
  validado_por: string;
}

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
