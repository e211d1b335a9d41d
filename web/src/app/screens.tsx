import {
  IconBell,
  IconBrandWhatsapp,
  IconAddressBook,
  IconAdjustments,
  IconBuilding,
  IconBuildingCommunity,
  IconChartPie,
  IconChartBar,
  IconChartLine,
  IconCalendarTime,
  IconCashRegister,
  IconActivityHeartbeat,
  IconCloudExclamation,
  IconCreditCard,
  IconDeviceMobile,
  IconFileInvoice,
  IconGift,
  IconStar,
  IconCoins,
  IconLayoutDashboard,
  IconListCheck,
  IconClipboardList,
  IconListDetails,
  IconMail,
  IconPuzzle,
  IconListSearch,
  IconMapPin,
  IconQrcode,
  IconReceipt2,
  IconReportAnalytics,
  IconReportMoney,
  IconRoute,
  IconSettings,
  IconSailboat,
  IconClockHour4,
  IconShieldLock,
  IconShieldSearch,
  IconShip,
  IconTicket,
  IconUsers,
  IconUsersGroup,
  IconUserSearch,
  type Icon,
} from '@tabler/icons-react';
import type { QueryClient } from '@tanstack/react-query';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { precargarValidador } from '@/features/embarque/precarga';
import { precargarVenta } from '@/features/venta/precarga';
import { paths, type Path } from '@/lib/paths';
import { esperarRecarga } from '@/lib/pwa';
import { PERMISO_VALIDAR, type Role } from '@/lib/session';

/** A sidebar entry of a screen. */
interface MenuItem {
  label: string;
  icon: Icon;
  /** Collapsible group the entry is listed under. */
  group: string;
  /** Roles that see the entry. Menus are per role: super_admin is not added implicitly. */
  roles: readonly Role[];
  /** A custom role (role management) sees the entry when its matrix grants this permission. */
  permiso?: string;
  /** A custom role sees the entry whatever its matrix: the screen needs only a session (Notificaciones). */
  rolPersonalizado?: boolean;
}

/** Who may open a screen; super_admin passes every check. */
type Access =
  | { kind: 'public' }
  | { kind: 'session' }
  /** Built-in roles by name; a custom role by `permiso` when given (lib/session mayEnter). */
  | { kind: 'roles'; roles: readonly Role[]; permiso?: string }
  /** A permission of the role, 'module.action' (e.g. 'caja.abrir'). */
  | { kind: 'permiso'; permiso: string };

/** One screen of the SPA. */
export interface Screen {
  path: Path;
  access: Access;
  /** Inside the back-office shell (header and menu) or alone. */
  layout: 'admin' | 'none';
  /** The module it belongs to (backoffice §2.7): hidden and refused when the company lacks it. */
  modulo: Modulo;
  /** Where a user without access goes instead of 'Acceso Denegado' (a screen of its own that stands for this one). */
  sinAcceso?: Path;
  /** Its sidebar entries, in menu order (one screen may be listed differently per role). */
  menu?: readonly MenuItem[];
  page: LazyPage;
  /** Starts fetching the server data the screen shows first: at boot, with the page's code (app/routes.tsx preloadScreenAt). */
  precargar?: (queryClient: QueryClient) => void;
}

/** A lazy page that can also be downloaded ahead of its first render. */
type LazyPage = LazyExoticComponent<ComponentType> & { preload: () => Promise<unknown> };

/**
 * A page downloaded on first visit: the module's named export `pick` becomes the lazy
 * component. Once preloaded it renders at once, without passing through the loader. A page of a
 * release the server no longer has waits for the reload into the new one (lib/pwa).
 */
export function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): LazyPage {
  let loaded: { default: ComponentType } | undefined;
  const preload = () => load().catch((error: unknown) => esperarRecarga<M>(error)).then((module) => (loaded = { default: pick(module) }));
  // React settles a lazy component synchronously when its thenable calls back at once.
  const settled = (page: { default: ComponentType }) => ({ then: (resolve: (value: typeof page) => void) => resolve(page) });
  const page = lazy(() => (loaded ? settled(loaded) : preload()) as Promise<{ default: ComponentType }>);
  return Object.assign(page, { preload });
}

const session: Access = { kind: 'session' };
const publico: Access = { kind: 'public' };
const roles = (...allowed: Role[]): Access => ({ kind: 'roles', roles: allowed });
/** Built-in roles by name, custom roles by the permission. */
const rolesOr = (permiso: string, ...allowed: Role[]): Access => ({ kind: 'roles', roles: allowed, permiso });

/** The module codes of the server (domain.CodigosModulo) that screens belong to. */
type Modulo = 'core' | 'venta_pasajes' | 'caja' | 'embarque' | 'reportes' | 'clientes' | 'email' | 'whatsapp' | 'portal_clientes' | 'puntos' | 'facturacion';

/** Roles that sell at the counter and run their own register. */
const SELLER_ROLES: Role[] = ['vendedor', 'supervisor', 'admin', 'super_admin'];
/** Roles that validate boarding; custom roles with validacion.embarque too. */
const VALIDATORS = rolesOr(PERMISO_VALIDAR, 'lancha', 'supervisor', 'admin', 'super_admin');
/** Roles of the passenger list, trip status and routes. */
const BOAT_CREW = roles('lancha', 'admin', 'super_admin');
const ADMIN = rolesOr('configuracion.editar', 'admin');
const SUPER_ADMIN = roles('super_admin');

/** Menu roles of the sellers' entries. */
const MENU_SELLERS: readonly Role[] = ['admin', 'supervisor', 'vendedor'];
const MENU_CREW: readonly Role[] = ['lancha', 'admin'];
const MENU_STAFF: readonly Role[] = ['super_admin', 'admin', 'supervisor', 'vendedor', 'lancha'];

/** The passenger home and its pages: the passenger, and the staff (whose block the home shows). */
const PASAJERO_Y_PERSONAL = roles('lancha', 'supervisor', 'admin', 'pasajero', 'super_admin');
const pasajeroPlaceholder = lazyPage(() => import('@/features/portal-cliente/routes/PasajeroPages'), (m) => m.PasajeroPlaceholderPage);

const validador = lazyPage(() => import('@/features/embarque/routes/ValidadorPage'), (m) => m.ValidadorPage);

/**
 * THE table of screens (backoffice §6): the router (app/routes.tsx) and the per-role
 * menus (app/menu.ts) are derived from it. Listed in menu order. Add a screen here.
 */
export const SCREENS: readonly Screen[] = [
  { path: paths.landing, access: publico, modulo: 'core', layout: 'none', page: lazyPage(() => import('@/features/landing/routes/LandingPage'), (m) => m.LandingPage) },
  { path: paths.login, access: publico, modulo: 'core', layout: 'none', page: lazyPage(() => import('@/features/auth/routes/LoginPage'), (m) => m.LoginPage) },
  { path: paths.cambiarContrasena, access: publico, modulo: 'core', layout: 'none', page: lazyPage(() => import('@/features/auth/routes/CambiarContrasenaPage'), (m) => m.CambiarContrasenaPage) },
  { path: paths.horariosPublicos, access: publico, modulo: 'core', layout: 'none', page: lazyPage(() => import('@/features/landing/routes/HorariosPublicosPage'), (m) => m.HorariosPublicosPage) },
  { path: paths.unauthorized, access: publico, modulo: 'core', layout: 'none', page: lazyPage(() => import('@/app/pages/UnauthorizedPage'), (m) => m.UnauthorizedPage) },
  // the customer portal (backoffice §2.21): its own session, never the staff's (lib/session cliente)
  { path: paths.clienteLogin, access: publico, modulo: 'portal_clientes', layout: 'none', page: lazyPage(() => import('@/features/portal-cliente/routes/ClienteLoginPage'), (m) => m.ClienteLoginPage) },
  { path: paths.clienteDashboard, access: publico, modulo: 'portal_clientes', layout: 'none', page: lazyPage(() => import('@/features/portal-cliente/routes/ClienteDashboardPage'), (m) => m.ClienteDashboardPage) },
  { path: paths.pasajeroEscanear, access: publico, modulo: 'core', layout: 'none', page: pasajeroPlaceholder },
  { path: paths.pasajeroRegistro, access: publico, modulo: 'core', layout: 'none', page: pasajeroPlaceholder },
  {
    path: paths.pasajero, access: PASAJERO_Y_PERSONAL, modulo: 'core', layout: 'admin',
    page: lazyPage(() => import('@/features/portal-cliente/routes/PasajeroPages'), (m) => m.TerminalFluvialPage),
  },
  {
    path: paths.pasajeroMisPasajes, access: PASAJERO_Y_PERSONAL, modulo: 'core', layout: 'admin',
    page: pasajeroPlaceholder,
  },
  {
    path: paths.pasajeroHorarios, access: PASAJERO_Y_PERSONAL, modulo: 'core', layout: 'admin',
    page: pasajeroPlaceholder,
  },
  {
    path: paths.pasajeroPerfil, access: PASAJERO_Y_PERSONAL, modulo: 'core', layout: 'admin',
    page: pasajeroPlaceholder,
  },
  { path: paths.validadorVentana, access: VALIDATORS, modulo: 'embarque', layout: 'none', page: lazyPage(() => import('@/features/embarque/routes/ValidadorPage'), (m) => m.ValidadorVentanaPage) },
  {
    path: paths.dashboard, access: session, modulo: 'core', layout: 'admin',
    menu: [{ label: 'Dashboard', icon: IconLayoutDashboard, group: 'General', roles: MENU_STAFF, permiso: 'dashboard.ver' }],
    page: lazyPage(() => import('@/features/dashboard/routes/DashboardChooser'), (m) => m.DashboardChooser),
  },
  {
    path: paths.notificaciones, access: session, modulo: 'core', layout: 'admin',
    menu: [{ label: 'Notificaciones', icon: IconBell, group: 'General', roles: MENU_STAFF, rolPersonalizado: true }],
    page: lazyPage(() => import('@/features/notificaciones/routes/NotificacionesPage'), (m) => m.NotificacionesPage),
  },
  {
    path: paths.ventaPasajes, access: rolesOr('pasajes.crear', ...SELLER_ROLES), modulo: 'venta_pasajes', layout: 'admin',
    menu: [{ label: 'Venta Rápida de Pasajes', icon: IconTicket, group: 'Ventas', roles: MENU_SELLERS, permiso: 'pasajes.crear' }],
    page: lazyPage(() => import('@/features/venta/routes/VentaPasajesPage'), (m) => m.VentaPasajesPage),
    precargar: precargarVenta,
  },
  {
    path: paths.gestionCaja, access: rolesOr('caja.ver', ...SELLER_ROLES), modulo: 'caja', layout: 'admin',
    menu: [{ label: 'Gestión de Caja', icon: IconCashRegister, group: 'Ventas', roles: MENU_SELLERS, permiso: 'caja.ver' }],
    page: lazyPage(() => import('@/features/caja/routes/GestionCajaPage'), (m) => m.GestionCajaPage),
  },
  {
    path: paths.misVentas, access: rolesOr('pasajes.ver', ...SELLER_ROLES), modulo: 'venta_pasajes', layout: 'admin',
    menu: [{ label: 'Mis Ventas', icon: IconFileInvoice, group: 'Ventas', roles: MENU_SELLERS, permiso: 'pasajes.ver' }],
    page: lazyPage(() => import('@/features/pasajes/routes/MisVentasPage'), (m) => m.MisVentasPage),
  },
  {
    // the company's whole list: a seller (who sees only its own sales) lands on Mis Ventas
    path: paths.listadoPasajes, access: rolesOr('pasajes.anular', 'supervisor', 'admin', 'super_admin'), sinAcceso: paths.misVentas,
    modulo: 'venta_pasajes', layout: 'admin',
    menu: [{ label: 'Listado de Pasajes', icon: IconListDetails, group: 'Ventas', roles: ['admin', 'supervisor'], permiso: 'pasajes.anular' }],
    page: lazyPage(() => import('@/features/pasajes/routes/ListadoPasajesPage'), (m) => m.ListadoPasajesPage),
  },
  {
    path: paths.clientes, access: rolesOr('clientes.ver', ...SELLER_ROLES), modulo: 'clientes', layout: 'admin',
    menu: [{ label: 'Clientes', icon: IconAddressBook, group: 'Ventas', roles: MENU_SELLERS, permiso: 'clientes.ver' }],
    page: lazyPage(() => import('@/features/clientes/routes/ClientesPage'), (m) => m.ClientesPage),
  },
  {
    path: paths.consultaPuntos, access: rolesOr('clientes.ver', ...SELLER_ROLES), modulo: 'puntos', layout: 'admin',
    menu: [{ label: 'Consulta de Puntos', icon: IconStar, group: 'Ventas', roles: MENU_SELLERS, permiso: 'clientes.ver' }],
    page: lazyPage(() => import('@/features/puntos/routes/ConsultaPuntosPage'), (m) => m.ConsultaPuntosPage),
  },
  {
    path: paths.monitoreoVendedores, access: roles('admin', 'supervisor'), modulo: 'venta_pasajes', layout: 'admin',
    menu: [{ label: 'Monitoreo de Vendedores', icon: IconUsersGroup, group: 'Ventas', roles: ['admin', 'supervisor'] }],
    page: lazyPage(() => import('@/features/dashboard/routes/MonitoreoVendedoresPage'), (m) => m.MonitoreoVendedoresPage),
  },
  {
    // what the offline sync refused or found twice (issue 24): for whoever may edit tickets, as on the server
    path: paths.conflictos, access: rolesOr('pasajes.editar', 'admin', 'supervisor'), modulo: 'core', layout: 'admin',
    menu: [{ label: 'Conflictos offline', icon: IconCloudExclamation, group: 'Ventas', roles: ['admin', 'supervisor'], permiso: 'pasajes.editar' }],
    page: lazyPage(() => import('@/features/conflictos/routes/ConflictosPage'), (m) => m.ConflictosPage),
  },
  {
    path: paths.validador, access: VALIDATORS, modulo: 'embarque', layout: 'admin',
    menu: [
      { label: 'Validador de Embarque', icon: IconQrcode, group: 'Embarque', roles: MENU_CREW, permiso: 'validacion.embarque' },
      { label: 'Validador de Embarque', icon: IconQrcode, group: 'Embarque', roles: ['supervisor'] },
    ],
    page: validador,
    precargar: precargarValidador,
  },
  { path: paths.validacionEmbarque, access: VALIDATORS, modulo: 'embarque', layout: 'admin', page: validador, precargar: precargarValidador },
  {
    path: paths.listaPasajeros, access: BOAT_CREW, modulo: 'embarque', layout: 'admin',
    menu: [{ label: 'Lista de Pasajeros', icon: IconListCheck, group: 'Embarque', roles: MENU_CREW }],
    page: lazyPage(() => import('@/features/embarque/routes/ListaPasajerosPage'), (m) => m.ListaPasajerosPage),
  },
  {
    path: paths.estadoViajes, access: BOAT_CREW, modulo: 'embarque', layout: 'admin',
    menu: [{ label: 'Estado de Viajes', icon: IconShip, group: 'Embarque', roles: MENU_CREW }],
    page: lazyPage(() => import('@/features/embarque/routes/EstadoViajesPage'), (m) => m.EstadoViajesPage),
  },
  {
    // supervisors and admins plan (timetable, generation, boats); the crew opens extra departures and moves their state
    // (custom roles: configuracion.ver, and the server's permissions for each write)
    path: paths.horariosSalidas, access: rolesOr('configuracion.ver', 'lancha', 'supervisor', 'admin'), modulo: 'embarque', layout: 'admin',
    menu: [{ label: 'Horarios y salidas', icon: IconClockHour4, group: 'Embarque', roles: ['lancha', 'admin', 'supervisor'], permiso: 'configuracion.ver' }],
    page: lazyPage(() => import('@/features/salidas/routes/HorariosSalidasPage'), (m) => m.HorariosSalidasPage),
  },
  {
    // the manifest carries passengers' names and documents: whoever boards (validacion.embarque, as the server asks)
    path: paths.manifiestos, access: VALIDATORS, modulo: 'embarque', layout: 'admin',
    menu: [{ label: 'Manifiestos', icon: IconClipboardList, group: 'Embarque', roles: ['lancha', 'admin', 'supervisor'], permiso: 'validacion.embarque' }],
    page: lazyPage(() => import('@/features/salidas/routes/ManifiestosPage'), (m) => m.ManifiestosPage),
  },
  {
    path: paths.rutas, access: BOAT_CREW, modulo: 'embarque', layout: 'admin',
    menu: [{ label: 'Rutas y Secciones', icon: IconRoute, group: 'Embarque', roles: MENU_CREW }],
    page: lazyPage(() => import('@/features/embarque/routes/RutasPage'), (m) => m.RutasPage),
  },
  {
    path: paths.reportesEstadisticas, access: rolesOr('reportes.ver', 'admin', 'supervisor'), modulo: 'reportes', layout: 'admin',
    menu: [{ label: 'Reportes y Estadísticas', icon: IconChartBar, group: 'Reportes', roles: ['admin', 'supervisor'], permiso: 'reportes.ver' }],
    page: lazyPage(() => import('@/features/reportes/routes/ReportesEstadisticasPage'), (m) => m.ReportesEstadisticasPage),
  },
  {
    path: paths.reportesAvanzados, access: rolesOr('reportes.avanzados', 'admin'), modulo: 'reportes', layout: 'admin',
    menu: [{ label: 'Reportes Avanzados', icon: IconReportAnalytics, group: 'Reportes', roles: ['admin'], permiso: 'reportes.avanzados' }],
    page: lazyPage(() => import('@/features/reportes/routes/ReportesAvanzadosPage'), (m) => m.ReportesAvanzadosPage),
  },
  {
    path: paths.reportesVentas, access: rolesOr('reportes.ver', 'admin', 'supervisor'), modulo: 'reportes', layout: 'admin',
    menu: [{ label: 'Reporte de Ventas', icon: IconChartLine, group: 'Reportes', roles: ['admin', 'supervisor'], permiso: 'reportes.ver' }],
    page: lazyPage(() => import('@/features/reportes/routes/ReporteVentasPage'), (m) => m.ReporteVentasPage),
  },
  {
    path: paths.reportesCajas, access: rolesOr('reportes.ver', 'admin', 'supervisor'), modulo: 'reportes', layout: 'admin',
    menu: [{ label: 'Reporte de Cajas', icon: IconReportMoney, group: 'Reportes', roles: ['admin', 'supervisor'], permiso: 'reportes.ver' }],
    page: lazyPage(() => import('@/features/reportes/routes/ReporteCajasPage'), (m) => m.ReporteCajasPage),
  },
  {
    path: paths.reportesPasajeros, access: rolesOr('reportes.ver', 'admin', 'supervisor'), modulo: 'reportes', layout: 'admin',
    menu: [{ label: 'Reporte de Pasajeros', icon: IconChartPie, group: 'Reportes', roles: ['admin', 'supervisor'], permiso: 'reportes.ver' }],
    page: lazyPage(() => import('@/features/reportes/routes/ReportePasajerosPage'), (m) => m.ReportePasajerosPage),
  },
  {
    path: paths.reportesProgramados, access: rolesOr('reportes.exportar', 'admin', 'supervisor'), modulo: 'reportes', layout: 'admin',
    menu: [{ label: 'Envíos programados', icon: IconCalendarTime, group: 'Reportes', roles: ['admin', 'supervisor'], permiso: 'reportes.exportar' }],
    page: lazyPage(() => import('@/features/reportes/routes/ReportesProgramadosPage'), (m) => m.ReportesProgramadosPage),
  },
  {
    path: paths.gestionUsuarios, access: { kind: 'permiso', permiso: 'usuarios.ver' }, modulo: 'core', layout: 'admin',
    menu: [{ label: 'Gestión de Usuarios', icon: IconUsers, group: 'Sistema', roles: ['super_admin', 'admin', 'supervisor'] }],
    page: lazyPage(() => import('@/features/usuarios/routes/GestionUsuariosPage'), (m) => m.GestionUsuariosPage),
  },
  {
    path: paths.gestionRoles, access: roles('super_admin'), modulo: 'core', layout: 'admin',
    menu: [{ label: 'Gestión de Roles', icon: IconShieldLock, group: 'Sistema', roles: ['super_admin'] }],
    page: lazyPage(() => import('@/features/roles/routes/GestionRolesPage'), (m) => m.GestionRolesPage),
  },
  {
    path: paths.gestionModulos, access: roles('super_admin'), modulo: 'core', layout: 'admin',
    menu: [{ label: 'Gestión de Módulos', icon: IconPuzzle, group: 'Sistema', roles: ['super_admin'] }],
    page: lazyPage(() => import('@/features/modulos/routes/GestionModulosPage'), (m) => m.GestionModulosPage),
  },
  {
    path: paths.configuracionSistema, access: SUPER_ADMIN, modulo: 'core', layout: 'admin',
    menu: [{ label: 'Configuración del Sistema', icon: IconAdjustments, group: 'Sistema', roles: ['super_admin'] }],
    page: lazyPage(() => import('@/features/sistema/routes/ConfiguracionSistemaPage'), (m) => m.ConfiguracionSistemaPage),
  },
  {
    path: paths.reportesServicios, access: SUPER_ADMIN, modulo: 'core', layout: 'admin',
    menu: [{ label: 'Estado de Servicios', icon: IconActivityHeartbeat, group: 'Sistema', roles: ['super_admin'] }],
    page: lazyPage(() => import('@/features/sistema/routes/EstadoServiciosPage'), (m) => m.EstadoServiciosPage),
  },
  {
    path: paths.reportesGenerales, access: SUPER_ADMIN, modulo: 'core', layout: 'admin',
    menu: [{ label: 'Reportes Generales', icon: IconReportAnalytics, group: 'Reportes', roles: ['super_admin'] }],
    page: lazyPage(() => import('@/features/reportes/routes/ReportesGeneralesPage'), (m) => m.ReportesGeneralesPage),
  },
  {
    path: paths.reportesEmpresas, access: SUPER_ADMIN, modulo: 'core', layout: 'admin',
    menu: [{ label: 'Reportes Multiempresa', icon: IconBuildingCommunity, group: 'Reportes', roles: ['super_admin'] }],
    page: lazyPage(() => import('@/features/reportes/routes/ReporteEmpresasPage'), (m) => m.ReporteEmpresasPage),
  },
  {
    path: paths.reportesAuditoria, access: SUPER_ADMIN, modulo: 'core', layout: 'admin',
    menu: [{ label: 'Reportes de Auditoría', icon: IconShieldSearch, group: 'Auditoría', roles: ['super_admin'] }],
    page: lazyPage(() => import('@/features/auditoria/routes/ReportesAuditoriaPage'), (m) => m.ReportesAuditoriaPage),
  },
  {
    path: paths.logsSistema, access: SUPER_ADMIN, modulo: 'core', layout: 'admin',
    menu: [{ label: 'Logs del Sistema', icon: IconListSearch, group: 'Auditoría', roles: ['super_admin'] }],
    page: lazyPage(() => import('@/features/auditoria/routes/LogsSistemaPage'), (m) => m.LogsSistemaPage),
  },
  {
    path: paths.logsUsuarios, access: SUPER_ADMIN, modulo: 'core', layout: 'admin',
    menu: [{ label: 'Logs de Usuarios', icon: IconUserSearch, group: 'Auditoría', roles: ['super_admin'] }],
    page: lazyPage(() => import('@/features/auditoria/routes/LogsUsuariosPage'), (m) => m.LogsUsuariosPage),
  },
  {
    // Other roles reach the page and read 'Acceso Denegado' (backoffice §2.12); the server refuses them too.
    path: paths.gestionEmpresas, access: session, modulo: 'core', layout: 'admin',
    menu: [{ label: 'Gestión de Empresas', icon: IconBuilding, group: 'Sistema', roles: ['super_admin'] }],
    page: lazyPage(() => import('@/features/empresas/routes/GestionEmpresasPage'), (m) => m.GestionEmpresasPage),
  },
  {
    path: paths.configuracionesEmpresa, access: roles('super_admin'), modulo: 'core', layout: 'admin',
    menu: [{ label: 'Configuraciones por Empresa', icon: IconAdjustments, group: 'Sistema', roles: ['super_admin'] }],
    page: lazyPage(() => import('@/features/empresas/routes/ConfiguracionesEmpresaPage'), (m) => m.ConfiguracionesEmpresaPage),
  },
  {
    path: paths.usuariosPorEmpresa, access: roles('super_admin'), modulo: 'core', layout: 'admin',
    menu: [{ label: 'Usuarios por Empresa', icon: IconUsers, group: 'Sistema', roles: ['super_admin'] }],
    page: lazyPage(() => import('@/features/empresas/routes/UsuariosPorEmpresaPage'), (m) => m.UsuariosPorEmpresaPage),
  },
  {
    path: paths.configuracionGeneral, access: ADMIN, modulo: 'core', layout: 'admin',
    menu: [{ label: 'Configuración General', icon: IconBuilding, group: 'Configuración', roles: ['admin'] }],
    page: lazyPage(() => import('@/features/empresas/routes/ConfiguracionGeneralPage'), (m) => m.ConfiguracionGeneralPage),
  },
  {
    path: paths.configuracion, access: ADMIN, modulo: 'core', layout: 'admin',
    menu: [{ label: 'Configuración del Sistema', icon: IconSettings, group: 'Configuración', roles: ['admin'], permiso: 'configuracion.editar' }],
    // The users tab is user management (features/usuarios), put in here: features never import each other.
    page: lazyPage(
      () => Promise.all([import('@/features/configuracion/routes/ConfiguracionPage'), import('@/features/usuarios/components/UsuariosManager')]),
      ([{ ConfiguracionPage }, { UsuariosManager }]) => function ConfiguracionConUsuarios() {
        return <ConfiguracionPage usuarios={<UsuariosManager />} />;
      },
    ),
  },
  {
    path: paths.configuracionSecciones, access: ADMIN, modulo: 'core', layout: 'admin',
    menu: [{ label: 'Secciones', icon: IconMapPin, group: 'Configuración', roles: ['admin'], permiso: 'configuracion.editar' }],
    page: lazyPage(() => import('@/features/configuracion/routes/CatalogoPage'), (m) => m.SeccionesPage),
  },
  {
    path: paths.configuracionEmbarcaciones, access: ADMIN, modulo: 'core', layout: 'admin',
    menu: [{ label: 'Embarcaciones', icon: IconSailboat, group: 'Configuración', roles: ['admin'], permiso: 'configuracion.editar' }],
    page: lazyPage(() => import('@/features/configuracion/routes/EmbarcacionesPage'), (m) => m.EmbarcacionesPage),
  },
  {
    path: paths.configuracionTiposViaje, access: ADMIN, modulo: 'core', layout: 'admin',
    menu: [{ label: 'Tipos de viaje', icon: IconTicket, group: 'Configuración', roles: ['admin'], permiso: 'configuracion.editar' }],
    page: lazyPage(() => import('@/features/configuracion/routes/CatalogoPage'), (m) => m.TiposViajePage),
  },
  {
    path: paths.configuracionMediosPago, access: ADMIN, modulo: 'core', layout: 'admin',
    menu: [{ label: 'Medios de pago', icon: IconCreditCard, group: 'Configuración', roles: ['admin'], permiso: 'configuracion.editar' }],
    page: lazyPage(() => import('@/features/configuracion/routes/CatalogoPage'), (m) => m.MediosPagoPage),
  },
  {
    path: paths.configuracionPrecios, access: ADMIN, modulo: 'core', layout: 'admin',
    menu: [{ label: 'Tarifas', icon: IconReceipt2, group: 'Configuración', roles: ['admin'], permiso: 'configuracion.editar' }],
    page: lazyPage(() => import('@/features/configuracion/routes/PreciosPage'), (m) => m.PreciosPage),
  },
  {
    path: paths.configuracionFacturacion, access: rolesOr('configuracion.ver', 'admin'), modulo: 'facturacion', layout: 'admin',
    menu: [{ label: 'Facturación electrónica', icon: IconFileInvoice, group: 'Configuración', roles: ['admin'], permiso: 'configuracion.ver' }],
    page: lazyPage(() => import('@/features/configuracion/routes/FacturacionPage'), (m) => m.FacturacionPage),
  },
  {
    path: paths.configuracionMercadoPago, access: ADMIN, modulo: 'core', layout: 'admin',
    menu: [{ label: 'Mercado Pago', icon: IconQrcode, group: 'Configuración', roles: ['admin'], permiso: 'configuracion.editar' }],
    page: lazyPage(() => import('@/features/configuracion/routes/MercadoPagoPage'), (m) => m.MercadoPagoPage),
  },
  {
    path: paths.dispositivos, access: ADMIN, modulo: 'core', layout: 'admin',
    menu: [{ label: 'Dispositivos', icon: IconDeviceMobile, group: 'Configuración', roles: ['admin'], permiso: 'configuracion.editar' }],
    page: lazyPage(() => import('@/features/dispositivos/routes/DispositivosPage'), (m) => m.DispositivosPage),
  },
  {
    path: paths.configuracionPuntos, access: ADMIN, modulo: 'puntos', layout: 'admin',
    menu: [{ label: 'Configuración de Puntos', icon: IconCoins, group: 'Configuración', roles: ['admin'], permiso: 'configuracion.editar' }],
    page: lazyPage(() => import('@/features/puntos/routes/ConfiguracionPuntosPage'), (m) => m.ConfiguracionPuntosPage),
  },
  {
    path: paths.gestionBeneficios, access: ADMIN, modulo: 'puntos', layout: 'admin',
    menu: [{ label: 'Gestión de Beneficios', icon: IconGift, group: 'Configuración', roles: ['admin'], permiso: 'configuracion.editar' }],
    page: lazyPage(() => import('@/features/puntos/routes/GestionBeneficiosPage'), (m) => m.GestionBeneficiosPage),
  },
  {
    path: paths.configuracionEmail, access: rolesOr('email.configurar', 'admin'), modulo: 'email', layout: 'admin',
    menu: [{ label: 'Configuración de Email', icon: IconMail, group: 'Configuración', roles: ['admin'], permiso: 'email.configurar' }],
    page: lazyPage(() => import('@/features/correo/routes/ConfiguracionEmailPage'), (m) => m.ConfiguracionEmailPage),
  },
  {
    path: paths.whatsapp, access: rolesOr('whatsapp.configurar', 'admin'), modulo: 'whatsapp', layout: 'admin',
    menu: [{ label: 'Gestión WhatsApp', icon: IconBrandWhatsapp, group: 'Configuración', roles: ['admin'], permiso: 'whatsapp.configurar' }],
    page: lazyPage(() => import('@/features/whatsapp/routes/GestionWhatsAppPage'), (m) => m.GestionWhatsAppPage),
  },
  {
    path: paths.whatsappGlobal, access: SUPER_ADMIN, modulo: 'whatsapp', layout: 'admin',
    menu: [{ label: 'WhatsApp Global', icon: IconBrandWhatsapp, group: 'Sistema', roles: ['super_admin'] }],
    page: lazyPage(() => import('@/features/whatsapp/routes/WhatsAppGlobalPage'), (m) => m.WhatsAppGlobalPage),
  },
];

/** Old addresses kept working: each redirects to its screen. */
export const REDIRECTS: readonly { from: Path; to: Path }[] = [
  { from: paths.loginAlias, to: paths.login },
  { from: paths.dashboardAlias, to: paths.admin },
  { from: paths.venta, to: paths.ventaPasajes },
  { from: paths.caja, to: paths.gestionCaja },
  { from: paths.pasajes, to: paths.listadoPasajes },
  { from: paths.usuarios, to: paths.gestionUsuarios },
  { from: paths.logs, to: paths.reportesAuditoria },
  { from: paths.reportes, to: paths.reportesEstadisticas },
  { from: paths.consultaPublica, to: paths.clienteLogin },
  { from: paths.consultaPublicaDocumento, to: paths.clienteLogin },
  { from: paths.pasajeroConsultar, to: paths.clienteLogin },
  // the passenger home's timetable is the public one, with the day's departures
  { from: paths.pasajeroHorariosPublico, to: paths.horariosPublicos },
];
