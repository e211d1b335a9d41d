/**
 * THE addresses of the SPA. Links, redirects and the screens table use these
 * names instead of string literals (app/screens.tsx maps each to its page).
 */
export const paths = {
  landing: '/',
  /** The staff login. */
  login: '/admin/login',
  /** Old address of the login; redirects to `login`. */
  loginAlias: '/login',
  /** Old address of the dashboard; redirects to `admin`. */
  dashboardAlias: '/dashboard',
  unauthorized: '/unauthorized',
  /** Change-password screen; forced while a temporary password is in use. */
  cambiarContrasena: '/cambiar-contrasena',
  /** The validator alone, for the small window opened from the sale screen. */
  validadorVentana: '/validador',
  /** The back office; redirects to `dashboard`. */
  admin: '/admin',
  dashboard: '/admin/dashboard',
  gestionRoles: '/admin/gestion-roles',
  gestionModulos: '/admin/gestion-modulos',
  validador: '/admin/validador',
  validacionEmbarque: '/admin/validacion-embarque',
  listaPasajeros: '/admin/lista-pasajeros',
  estadoViajes: '/admin/estado-viajes',
  /** Supervisors' and admins' timetable and departures. */
  horariosSalidas: '/admin/horarios-salidas',
  /** Departures' manifests and their load, live (?salida=id opens one). */
  manifiestos: '/admin/manifiestos',
  /** The passenger home's public timetable and today's departures. */
  horariosPublicos: '/horarios',
  rutas: '/admin/rutas',
  ventaPasajes: '/admin/venta-pasajes',
  /** Old address of the sale screen; redirects. */
  venta: '/admin/venta',
  gestionCaja: '/admin/gestion-caja',
  /** Old address of the register screen; redirects. */
  caja: '/admin/caja',
  listadoPasajes: '/admin/listado-pasajes',
  /** Old address of the ticket list; redirects. */
  pasajes: '/admin/pasajes',
  misVentas: '/admin/mis-ventas',
  clientes: '/admin/clientes',
  monitoreoVendedores: '/admin/monitoreo-vendedores',
  notificaciones: '/admin/notificaciones',
  gestionUsuarios: '/admin/gestion-usuarios',
  /** Old address of user management; redirects. */
  usuarios: '/admin/usuarios',
  configuracion: '/admin/configuracion',
  configuracionSecciones: '/admin/configuracion/secciones',
  configuracionEmbarcaciones: '/admin/configuracion/embarcaciones',
  configuracionMercadoPago: '/admin/configuracion/mercadopago',
  configuracionTiposViaje: '/admin/configuracion/tipos-viaje',
  configuracionMediosPago: '/admin/configuracion/medios-pago',
  configuracionPrecios: '/admin/configuracion/precios',
  /** 'Facturación electrónica': the company's tax profile for ARCA, its certificate and each section's tax treatment. */
  configuracionFacturacion: '/admin/configuracion/facturacion',
  /** The company's staff devices (offline): list, rename, revoke, register this browser. */
  dispositivos: '/admin/dispositivos',
  /** 'Conflictos offline': what the offline sync refused or found twice, for the supervisors. */
  conflictos: '/admin/conflictos',
  configuracionSistema: '/admin/configuracion/sistema',
  /** 'Reporte de Pasajeros' (backoffice §2.15). */
  reportesPasajeros: '/admin/reportes/pasajeros',
  /** 'Reportes y Estadísticas': the chosen report of a period. */
  reportesEstadisticas: '/admin/reportes-estadisticas',
  /** Old address of the reports; redirects to `reportesEstadisticas`. */
  reportes: '/admin/reportes',
  reportesAvanzados: '/admin/reportes-avanzados',
  /** 'Reporte de Ventas'. */
  reportesVentas: '/admin/reportes/ventas',
  reportesServicios: '/admin/reportes/servicios',
  reportesGenerales: '/admin/reportes/generales',
  reportesEmpresas: '/admin/reportes/empresas',
  reportesAuditoria: '/admin/reportes/auditoria',
  /** The register report (backoffice §2.15): registers of a period and each one's X/Z report. */
  reportesCajas: '/admin/reportes/cajas',
  /** 'Envíos programados': reports sent by e-mail on a schedule. */
  reportesProgramados: '/admin/reportes/programados',
  /** Old address of the audit reports; redirects. */
  logs: '/admin/logs',
  logsSistema: '/admin/logs/sistema',
  logsUsuarios: '/admin/logs/usuarios',
  configuracionEmail: '/admin/configuracion-email',
  /** 'Gestión WhatsApp': the company's link. */
  whatsapp: '/admin/whatsapp',
  /** Every company's WhatsApp link (super_admin). */
  whatsappGlobal: '/admin/configuracion/whatsapp-global',
  configuracionGeneral: '/admin/configuracion/general',
  gestionEmpresas: '/admin/empresas',
  configuracionesEmpresa: '/admin/empresas/configuraciones',
  usuariosPorEmpresa: '/admin/empresas/usuarios',
  /** The customer portal (backoffice §2.21): its login in three steps and its dashboard. */
  clienteLogin: '/cliente/login',
  clienteDashboard: '/cliente/dashboard',
  /** Old addresses of the public ticket lookup; redirect to `clienteLogin`. */
  consultaPublica: '/consulta-publica',
  consultaPublicaDocumento: '/consulta-publica/:documento',
  /** The passenger home 'Terminal Fluvial' (backoffice §2.20) and its placeholder pages (§2.19). */
  pasajero: '/admin/pasajero',
  pasajeroMisPasajes: '/admin/pasajero/mis-pasajes',
  pasajeroHorarios: '/admin/pasajero/horarios',
  pasajeroPerfil: '/admin/pasajero/perfil',
  /** The passenger home's links (backoffice §2.1): checking a ticket is the customer portal's. */
  pasajeroConsultar: '/pasajero/consultar',
  pasajeroEscanear: '/pasajero/escanear',
  pasajeroHorariosPublico: '/pasajero/horarios',
  pasajeroRegistro: '/pasajero/registro',
  /** The company's loyalty-points configuration (backoffice §2.10). */
  configuracionPuntos: '/admin/configuracion-puntos',
  /** 'Gestión de Beneficios': what points are redeemed for. */
  gestionBeneficios: '/admin/gestion-beneficios',
  /** 'Consulta de Puntos': a customer's points, lots and movements; adjustments (admin). */
  consultaPuntos: '/admin/consulta-puntos',
} as const;

/** One address of the SPA. */
export type Path = (typeof paths)[keyof typeof paths];
