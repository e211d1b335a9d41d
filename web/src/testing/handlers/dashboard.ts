import { http } from 'msw';
import type { LanchaStats, VendedorStats } from '@/api/dashboard';
import { ok } from '@/testing/http';

const VENDEDOR_SIN_VENTAS: VendedorStats = { miCajaAbierta: false, miCajaInfo: null, misVentasHoy: 0, misIngresosHoy: 0, misUltimasVentas: [] };
const LANCHA_SIN_EMBARQUES: LanchaStats = {
  embarcados_hoy: 0, mis_embarcados_hoy: 0, pendientes_hoy: 0, total_pasajes_hoy: 0, ultima_validacion: null, porcentaje_completado: 0,
};

/** /dashboard: empty figures of the seller's and the boarding dashboards. */
export const dashboardHandlers = [
  http.get('/api/dashboard/stats', () => ok(VENDEDOR_SIN_VENTAS)),
  http.get('/api/dashboard/lancha/stats', () => ok(LANCHA_SIN_EMBARQUES)),
  http.get('/api/dashboard/lancha/recientes', () => ok([])),
];
