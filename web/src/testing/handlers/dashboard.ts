import { http } from 'msw';
import type {
  AdminStats, GlobalStats, LanchaStats, MonitoreoVendedores, SupervisorStats, VendedorStats, VendedorSupervisado,
} from '@/api/dashboard';
import { ok } from '@/testing/http';

const VENDEDOR_SIN_VENTAS: VendedorStats = { miCajaAbierta: false, miCajaInfo: null, misVentasHoy: 0, misIngresosHoy: 0, misUltimasVentas: [] };
const LANCHA_SIN_EMBARQUES: LanchaStats = {
  embarcados_hoy: 0, mis_embarcados_hoy: 0, pendientes_hoy: 0, total_pasajes_hoy: 0, ultima_validacion: null, porcentaje_completado: 0,
};

/** The services as the server reports them on an installation without e-mail, WhatsApp nor event stream. */
const SERVICIOS_EN_ORDEN: AdminStats['estado_servicios'] = [
  {
    clave: 'base_datos', nombre: 'Base de Datos', estado: 'conectado', conectado: true, detalles: 'Consulta respondida en 0.4 ms (sqlite)',
    latencia_ms: 0.4, ultima_verificacion: '2026-11-22T13:00:00Z',
  },
  ...(['email', 'whatsapp', 'websocket'] as const).map((clave) => ({
    clave, nombre: { email: 'Email', whatsapp: 'WhatsApp', websocket: 'WebSocket' }[clave], estado: 'sin_configurar' as const,
    conectado: false, detalles: 'Sin configurar', ultima_verificacion: '2026-11-22T13:00:00Z',
  })),
];

/** An admin's estado_servicios: its own company's e-mail (tested) and WhatsApp (never linked). */
export const SERVICIOS_DE_EMPRESA: AdminStats['estado_servicios'] = [
  {
    clave: 'email', nombre: 'Email', estado: 'conectado', conectado: true, detalles: 'Última prueba: correcta',
    ultima_verificacion: '2026-11-22T13:00:00Z',
  },
  {
    clave: 'whatsapp', nombre: 'WhatsApp', estado: 'sin_configurar', conectado: false, detalles: 'Sin configurar',
    ultima_verificacion: '2026-11-22T13:00:00Z',
  },
];

const ADMIN_SIN_VENTAS: AdminStats = {
  ingresosHoy: 0, pasajesHoy: 0, totalClientes: 0, usuariosActivos: 1, cajasAbiertas: 0, desempenoVendedores: [],
  estado_servicios: SERVICIOS_DE_EMPRESA,
};

const SUPERVISOR_SIN_VENDEDORES: SupervisorStats = {
  ...VENDEDOR_SIN_VENTAS, vendedoresActivos: 0, pasajesEmbarcados: 0, vendedoresSupervisados: [],
};

/** The global dashboard of an installation without companies. */
export const GLOBAL_VACIO: GlobalStats = {
  metricas_globales: {
    total_empresas: 0, empresas_activas: 0, empresas_inactivas: 0, volumen_movimientos_hoy: 0, pasajes_hoy_sistema: 0,
    usuarios_activos_sistema: 0, cajas_abiertas_sistema: 0,
  },
  empresas: [],
  alertas: [],
  monitoreo: {
    uptime_segundos: 0, latencia_bd_ms: 0, sockets_abiertos: 0, peticiones_por_minuto: 0, errores_por_minuto: 0,
    peticiones_totales: 0, errores_totales: 0,
  },
  estado_servicios: SERVICIOS_EN_ORDEN,
};

/** A seller with an open register and sales; overrides change any field. */
export function makeVendedor(overrides: Partial<VendedorSupervisado> = {}): VendedorSupervisado {
  return {
    id: 4, vendedor: 'Diego Sosa', nombre_usuario: 'vendedor', caja_estado: 'abierta', fecha_apertura: '2026-11-22T11:30:00Z',
    ventas_hoy: 3, total_ventas: 13500, ...overrides,
  };
}

const MONITOREO_VACIO: MonitoreoVendedores = { totales: { vendedores: 0, activos: 0, inactivos: 0, ventas: 0, ingresos: 0 }, vendedores: [] };

/**
 * /dashboard: empty figures. GET /dashboard/stats answers the fields of every role at once
 * (the server sends those of the caller's role), so any dashboard renders.
 */
export const dashboardHandlers = [
  http.get('/api/dashboard/stats', () => ok({ ...ADMIN_SIN_VENTAS, ...SUPERVISOR_SIN_VENDEDORES, ...GLOBAL_VACIO })),
  http.get('/api/dashboard/vendedores', () => ok(MONITOREO_VACIO)),
  http.get('/api/dashboard/lancha/stats', () => ok(LANCHA_SIN_EMBARQUES)),
  http.get('/api/dashboard/lancha/recientes', () => ok([])),
];
