import type { FiltrosAuditoria } from './auditoria';
import type { CatalogoKey } from './config';
import type { EstadoConflictos } from './conflictos';
import type { FiltrosPasajeros } from './embarque';
import type { FiltroNotificaciones } from './notificaciones';
import type { FiltrosPasajes } from './pasajes';

/*
 * THE query keys of every resource, in one module: the resource modules build their
 * queries with them and invalidation.ts names what each event makes stale, so neither
 * imports the other. A key nested under another's prefix is refreshed with it.
 */

/** Query keys of the audit screens. */
export const auditoriaKeys = {
  all: ['auditoria'] as const,
  logs: (filtros: FiltrosAuditoria) => [...auditoriaKeys.all, 'logs', filtros] as const,
  estadisticas: () => [...auditoriaKeys.all, 'estadisticas'] as const,
  usuarios: (busqueda: string) => [...auditoriaKeys.all, 'usuarios', busqueda] as const,
};

/** Query keys of the session. */
export const authKeys = {
  all: ['auth'] as const,
  me: (usuarioId: number | undefined) => [...authKeys.all, 'me', usuarioId] as const,
};

/** Query keys of the passenger report, under the reports' prefix. */
export const reportesPasajerosKeys = {
  all: ['reportes', 'pasajeros'] as const,
  estadisticas: (periodo: Record<string, string> | null) => [...reportesPasajerosKeys.all, 'estadisticas', periodo] as const,
  lista: (periodo: Record<string, string> | null, pagina: number) => [...reportesPasajerosKeys.all, 'lista', periodo, pagina] as const,
  rutas: (periodo: Record<string, string> | null) => [...reportesPasajerosKeys.all, 'rutas', periodo] as const,
};

/** Query keys of the register. */
export const cajaKeys = {
  all: ['caja'] as const,
  estado: () => [...cajaKeys.all, 'estado'] as const,
  historial: () => [...cajaKeys.all, 'historial'] as const,
};

/** Query keys of the configuration lists and the price table. */
export const configKeys = {
  all: ['config'] as const,
  lista: (key: CatalogoKey) => [...configKeys.all, key] as const,
  activos: (key: CatalogoKey) => [...configKeys.lista(key), { activos: true }] as const,
  precios: () => [...configKeys.all, 'precios'] as const,
  /** The company's register settings (blind close, tolerance). */
  caja: () => [...configKeys.all, 'caja'] as const,
  /** The company's tax profile for ARCA (electronic invoicing). */
  facturacion: () => [...configKeys.all, 'facturacion'] as const,
  /** A section's route: its stops in order. */
  paradas: (seccionId: number) => [...configKeys.all, 'paradas', seccionId] as const,
};

/**
 * Query keys of boats, timetables and departures, under the configuration's: their writes
 * publish configActualizada, which refreshes them.
 */
export const salidasKeys = {
  all: [...configKeys.all, 'salidas'] as const,
  embarcaciones: () => [...salidasKeys.all, 'embarcaciones'] as const,
  horarios: () => [...salidasKeys.all, 'horarios'] as const,
  dias: () => [...salidasKeys.all, 'dia'] as const,
  dia: (fecha: string) => [...salidasKeys.dias(), fecha] as const,
  /** A departure with its passengers over capacity. */
  detalle: (id: number) => [...salidasKeys.all, 'detalle', id] as const,
  /** The manifests (a boarding changes them until the departure sails). */
  manifiestos: () => [...salidasKeys.all, 'manifiesto'] as const,
  manifiesto: (salidaId: number) => [...salidasKeys.manifiestos(), salidaId] as const,
};

/**
 * Query keys of the customers, under the configuration's: a customer write publishes
 * configActualizada, which refreshes them.
 */
export const clientesKeys = {
  all: [...configKeys.all, 'clientes'] as const,
  lista: (search: string, pagina: number) => [...clientesKeys.all, 'lista', { search, pagina }] as const,
  documento: (documento: string) => [...clientesKeys.all, 'documento', documento] as const,
};

/** Query keys of the e-mail settings; a ticket's outbox messages live under the tickets' prefix. */
export const correoKeys = {
  all: ['configuracion-email'] as const,
  config: () => [...correoKeys.all, 'config'] as const,
  estado: () => [...correoKeys.all, 'estado'] as const,
  mensajes: (pasajeId: number) => ['pasajes', pasajeId, 'mensajes'] as const,
};

/** Query key of the company's Mercado Pago set-up. */
export const mercadoPagoKeys = {
  config: () => ['mercadopago', 'config'] as const,
};

/** Query keys of the dashboards. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  stats: () => [...dashboardKeys.all, 'stats'] as const,
  vendedores: () => [...dashboardKeys.all, 'vendedores'] as const,
  lancha: () => [...dashboardKeys.all, 'lancha'] as const,
  lanchaStats: () => [...dashboardKeys.lancha(), 'stats'] as const,
  lanchaRecientes: () => [...dashboardKeys.lancha(), 'recientes'] as const,
};

/** Query keys of boarding: a validation refreshes them all. */
export const embarqueKeys = {
  all: ['embarque'] as const,
  estadisticas: () => [...embarqueKeys.all, 'estadisticas'] as const,
  pasajeros: (filtros: FiltrosPasajeros) => [...embarqueKeys.all, 'pasajeros', filtros] as const,
  viajes: (fecha = '') => [...embarqueKeys.all, 'viajes', fecha] as const,
};

/** Query keys of the company. */
export const empresaKeys = {
  all: ['empresa'] as const,
  actual: (usuarioId: number | undefined) => [...empresaKeys.all, usuarioId] as const,
};

/** Query keys of the companies screens. */
export const empresasKeys = {
  all: ['empresas'] as const,
  lista: () => [...empresasKeys.all, 'lista'] as const,
  usuarios: (id: number) => [...empresasKeys.all, id, 'usuarios'] as const,
  estadisticas: (id: number) => [...empresasKeys.all, id, 'estadisticas'] as const,
  configuraciones: (id: number) => [...empresasKeys.all, id, 'configuraciones'] as const,
};

/** Query keys of module management. */
export const modulosKeys = {
  all: ['modulos'] as const,
  empresas: () => [...modulosKeys.all, 'empresas'] as const,
  deEmpresa: (empresaId: number) => [...modulosKeys.all, 'empresa', empresaId] as const,
};

/** Query keys of the notifications. */
export const notificacionesKeys = {
  all: ['notificaciones'] as const,
  lista: (f: FiltroNotificaciones) => [...notificacionesKeys.all, f] as const,
};

/** Query keys of ticket lists and tickets. */
export const pasajesKeys = {
  all: ['pasajes'] as const,
  lista: (filtros: FiltrosPasajes, page: number, limit: number) => [...pasajesKeys.all, 'lista', filtros, page, limit] as const,
  detalle: (id: number) => [...pasajesKeys.all, 'detalle', id] as const,
  /** A customer's tickets live under the tickets' keys: every ticket event refreshes them. */
  deCliente: (clienteId: number, pagina: number) => [...pasajesKeys.all, 'cliente', clienteId, pagina] as const,
  canalesEnvio: () => [...pasajesKeys.all, 'canales-envio'] as const,
  /** The seats of a date and section: every ticket event (a sale, a cancellation) refreshes them. */
  disponibilidad: (seccionId: number, fecha: string) => [...pasajesKeys.all, 'disponibilidad', seccionId, fecha] as const,
};

/** Query keys of the seller's orders charged with Mercado Pago QR (docs/features/venta-diferida.md). */
export const pedidosKeys = {
  all: ['pedidos'] as const,
  detalle: (id: number) => [...pedidosKeys.all, 'detalle', id] as const,
};

/** Query keys of the company's staff devices. */
export const dispositivosKeys = {
  all: ['dispositivos'] as const,
  lista: (pagina: number) => [...dispositivosKeys.all, 'lista', pagina] as const,
  /** This browser's own registration, read from its storage (lib/dispositivo). */
  este: () => [...dispositivosKeys.all, 'este'] as const,
};

/** Query keys of Web Push: where this browser stands (lib/push, read from the browser, not the server). */
export const pushKeys = {
  all: ['push'] as const,
  estado: () => [...pushKeys.all, 'estado'] as const,
};

/** Query keys of the offline sync's conflicts: a page of the pending or of the resolved ones. */
export const conflictosKeys = {
  all: ['conflictos'] as const,
  lista: (estado: EstadoConflictos, page: number) => [...conflictosKeys.all, estado, page] as const,
  pasajes: (id: number) => [...conflictosKeys.all, 'pasajes', id] as const,
};

/** Query keys of the public endpoints. */
/** The customer portal's dashboard, per customer session. */
export const portalClienteKeys = {
  all: ['portal-cliente'] as const,
  panel: (clienteId: number | undefined) => [...portalClienteKeys.all, 'panel', clienteId] as const,
};

export const publicKeys = {
  all: ['public'] as const,
  stats: () => [...publicKeys.all, 'stats'] as const,
  empresa: () => [...publicKeys.all, 'empresa'] as const,
  pasaje: (numero: string, codigo: string) => [...publicKeys.all, 'pasaje', numero, codigo] as const,
  horarios: () => [...publicKeys.all, 'horarios'] as const,
};

/**
 * Query keys of the reports, by the period's query parameters (null while the period is incomplete).
 * Sales reports: KPIs, charts, statistics and detailed sales.
 */
export const reportesKeys = {
  all: ['reportes'] as const,
  ventas: () => [...reportesKeys.all, 'ventas'] as const,
  kpis: (periodo: Record<string, string> | null) => [...reportesKeys.ventas(), 'kpis', periodo] as const,
  ingresosMensuales: (periodo: Record<string, string> | null, meses: number) =>
    [...reportesKeys.ventas(), 'ingresos-mensuales', periodo, meses] as const,
  ventasPeriodo: (periodo: Record<string, string> | null, agrupar: string) => [...reportesKeys.ventas(), 'periodo', periodo, agrupar] as const,
  estadisticas: (periodo: Record<string, string> | null) => [...reportesKeys.ventas(), 'estadisticas', periodo] as const,
  ventasDetalladas: (periodo: Record<string, string> | null, pagina: number, limite: number) =>
    [...reportesKeys.ventas(), 'detalladas', periodo, pagina, limite] as const,
};

/** Query keys of role management. */
export const rolesKeys = {
  all: ['roles'] as const,
  lista: () => [...rolesKeys.all, 'lista'] as const,
  plantilla: () => [...rolesKeys.all, 'plantilla'] as const,
};

/** Query keys of the service monitor. */
export const serviciosKeys = {
  all: ['servicios'] as const,
  /** This device's clock against the server's (api/reloj.ts). */
  reloj: ['servicios', 'reloj'] as const,
};

/** Query keys of the system configuration: under config, so configActualizada refreshes it. */
export const sistemaKeys = {
  all: [...configKeys.all, 'sistema'] as const,
};

/** Query keys of user management. */
export const usuariosKeys = {
  all: ['usuarios'] as const,
  lista: () => [...usuariosKeys.all, 'lista'] as const,
  /** The company's users in brief (GET /usuarios): whom a departure's crew may name. */
  basicos: () => [...usuariosKeys.all, 'basicos'] as const,
  rolesInfo: () => [...usuariosKeys.all, 'roles-info'] as const,
};

/** Query keys of the WhatsApp screens. */
export const whatsappKeys = {
  all: ['whatsapp'] as const,
  estado: () => [...whatsappKeys.all, 'estado'] as const,
  estadoEmpresa: (empresaId: number) => [...whatsappKeys.all, 'estado', empresaId] as const,
  global: () => [...whatsappKeys.all, 'global'] as const,
  config: () => [...whatsappKeys.all, 'config'] as const,
};

// ---- Reports: cash registers (issue 23, helper "cajas") ----

/** Query keys of the register report: the period's list and each register's X/Z report. */
export const reportesCajasKeys = {
  all: ['reportes', 'cajas'] as const,
  lista: (consulta: Record<string, string | number>) => [...reportesCajasKeys.all, 'lista', consulta] as const,
  reporte: (id: number) => [...reportesCajasKeys.all, 'reporte', id] as const,
};

// ---- Reports: e-mail and scheduled sends (issue 23 item 6) ----

/** Query keys of the report sends: the suggested recipients and the company's schedules. */
export const reportesEnviosKeys = {
  all: ['reportes', 'envios'] as const,
  destinatarios: () => [...reportesEnviosKeys.all, 'destinatarios'] as const,
  programados: () => [...reportesEnviosKeys.all, 'programados'] as const,
};

/** Query keys of the loyalty points (configuration, benefits, a customer's points and benefits). */
export const puntosKeys = {
  all: ['puntos'] as const,
  configuracion: () => [...puntosKeys.all, 'configuracion'] as const,
  beneficios: () => [...puntosKeys.all, 'beneficios'] as const,
  cliente: (id: number) => [...puntosKeys.all, 'cliente', id] as const,
  beneficiosCliente: (id: number) => [...puntosKeys.cliente(id), 'beneficios'] as const,
};
