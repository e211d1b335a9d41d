import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { Schema } from './contract';
import { dashboardKeys } from './keys';

// Types of internal/api/dashboard.go (the boarding dashboard's too).

/** One of the seller's latest sales. */
export type UltimaVenta = Schema<'VentaReciente'>;

/** GET /dashboard/stats: the server fills the fields of the caller's role (operaciones §3). */
type Estadisticas = Schema<'EstadisticasDashboard'>;

/** The seller figures: every role that runs a register and is not admin or super_admin. */
type CamposVendedor = 'miCajaAbierta' | 'miCajaInfo' | 'misVentasHoy' | 'misIngresosHoy' | 'misUltimasVentas';

/** GET /dashboard/stats for a user who runs a register (vendedor). */
export type VendedorStats = Required<Pick<Estadisticas, CamposVendedor>>;

/** GET /dashboard/stats for admin. */
export type AdminStats = Required<
  Pick<Estadisticas, 'ingresosHoy' | 'pasajesHoy' | 'totalClientes' | 'usuariosActivos' | 'cajasAbiertas' | 'desempenoVendedores' | 'estado_servicios'>
>;

/** GET /dashboard/stats for supervisor: the seller figures plus the sellers. */
export type SupervisorStats = Required<
  Pick<Estadisticas, CamposVendedor | 'vendedoresActivos' | 'pasajesEmbarcados' | 'vendedoresSupervisados'>
>;

/** GET /dashboard/stats for super_admin: every company. */
export type GlobalStats = Required<Pick<Estadisticas, 'metricas_globales' | 'empresas' | 'alertas' | 'monitoreo' | 'estado_servicios'>>;

/** One company of the global dashboard. */
export type EmpresaResumen = Schema<'EmpresaResumen'>;

/** One seller with the register and today's sales. */
export type VendedorSupervisado = Schema<'VendedorSupervisado'>;

/** GET /dashboard/vendedores: the seller monitoring. */
export type MonitoreoVendedores = Schema<'MonitoreoVendedores'>;

/** GET /dashboard/lancha/stats: today's boarding. */
export type LanchaStats = Schema<'EstadisticasLancha'>;

/** One of the latest validations of the company. */
export type ValidacionReciente = Schema<'ValidacionReciente'>;

// Queries.

/** Dashboards poll every 30 s (operaciones §7); figures younger than 20 s are not fetched again. */
const REFRESCO = { refetchInterval: 30_000, staleTime: 20_000 } as const;

/** GET /dashboard/stats read as the dashboard of one role (a user has one role: one shape per cache). */
function statsQuery<T>() {
  return queryOptions({
    queryKey: dashboardKeys.stats(),
    queryFn: ({ signal }) => api.get<T>('/dashboard/stats', { signal }),
    ...REFRESCO,
  });
}

/** The seller's figures. */
export const vendedorStatsQuery = statsQuery<VendedorStats>();
/** The company's figures (admin). */
export const adminStatsQuery = statsQuery<AdminStats>();
/** The supervisor's figures. */
export const supervisorStatsQuery = statsQuery<SupervisorStats>();
/** Every company's figures (super_admin); the page chooses its refresh interval. */
export const globalStatsQuery = statsQuery<GlobalStats>();

/** The seller monitoring (admin and supervisor). */
export const monitoreoVendedoresQuery = queryOptions({
  queryKey: dashboardKeys.vendedores(),
  queryFn: ({ signal }) => api.get<MonitoreoVendedores>('/dashboard/vendedores', { signal }),
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
