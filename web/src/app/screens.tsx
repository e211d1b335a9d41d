import {
  IconCashRegister,
  IconCreditCard,
  IconFileInvoice,
  IconLayoutDashboard,
  IconListCheck,
  IconListDetails,
  IconMapPin,
  IconQrcode,
  IconReceipt2,
  IconRoute,
  IconSettings,
  IconShieldLock,
  IconShip,
  IconTicket,
  type Icon,
} from '@tabler/icons-react';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { paths, type Path } from '@/lib/paths';
import type { Role } from '@/lib/session';

/** A sidebar entry of a screen. */
export interface MenuItem {
  label: string;
  icon: Icon;
  /** Collapsible group the entry is listed under. */
  group: string;
  /** Roles that see the entry. Menus are per role: super_admin is not added implicitly. */
  roles: readonly Role[];
}

/** Who may open a screen; super_admin passes every check. */
export type Access =
  | { kind: 'public' }
  | { kind: 'session' }
  | { kind: 'roles'; roles: readonly Role[] }
  /** A permission of the role, 'module.action' (e.g. 'caja.abrir'). */
  | { kind: 'permiso'; permiso: string };

/** One screen of the SPA. */
export interface Screen {
  path: Path;
  access: Access;
  /** Inside the back-office shell (header and menu) or alone. */
  layout: 'admin' | 'none';
  /** Its sidebar entries, in menu order (one screen may be listed differently per role). */
  menu?: readonly MenuItem[];
  page: LazyPage;
}

/** A lazy page that can also be downloaded ahead of its first render. */
export type LazyPage = LazyExoticComponent<ComponentType> & { preload: () => Promise<unknown> };

/**
 * A page downloaded on first visit: the module's named export `pick` becomes the lazy
 * component. Once preloaded it renders at once, without passing through the loader.
 */
function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): LazyPage {
  let loaded: { default: ComponentType } | undefined;
  const preload = () => load().then((module) => (loaded = { default: pick(module) }));
  // React settles a lazy component synchronously when its thenable calls back at once.
  const settled = (page: { default: ComponentType }) => ({ then: (resolve: (value: typeof page) => void) => resolve(page) });
  const page = lazy(() => (loaded ? settled(loaded) : preload()) as Promise<{ default: ComponentType }>);
  return Object.assign(page, { preload });
}

/** Downloads every page (tests render screens without waiting for their code). */
export function preloadScreens(): Promise<unknown> {
  return Promise.all(SCREENS.map((screen) => screen.page.preload()));
}

const session: Access = { kind: 'session' };
const publico: Access = { kind: 'public' };
const roles = (...allowed: Role[]): Access => ({ kind: 'roles', roles: allowed });

/** Roles that sell at the counter and run their own register. */
const SELLERS = roles('vendedor', 'supervisor', 'admin', 'super_admin');
/** Roles that validate boarding. */
const VALIDATORS = roles('lancha', 'supervisor', 'admin', 'super_admin');
/** Roles of the passenger list, trip status and routes. */
const BOAT_CREW = roles('lancha', 'admin', 'super_admin');
const ADMIN = roles('admin');

/** Menu roles of the sellers' entries. */
const MENU_SELLERS: readonly Role[] = ['admin', 'supervisor', 'vendedor'];
const MENU_CREW: readonly Role[] = ['lancha', 'admin'];
const MENU_STAFF: readonly Role[] = ['super_admin', 'admin', 'supervisor', 'vendedor', 'lancha'];

const validador = lazyPage(() => import('@/features/embarque/routes/ValidadorPage'), (m) => m.ValidadorPage);

/**
 * THE table of screens (backoffice §6): the router (app/routes.tsx) and the per-role
 * menus (app/menu.ts) are derived from it. Listed in menu order. Add a screen here.
 */
export const SCREENS: readonly Screen[] = [
  { path: paths.landing, access: publico, layout: 'none', page: lazyPage(() => import('@/features/landing/LandingPage'), (m) => m.LandingPage) },
  { path: paths.login, access: publico, layout: 'none', page: lazyPage(() => import('@/features/auth/LoginPage'), (m) => m.LoginPage) },
  { path: paths.unauthorized, access: publico, layout: 'none', page: lazyPage(() => import('@/app/pages/UnauthorizedPage'), (m) => m.UnauthorizedPage) },
  { path: paths.validadorVentana, access: VALIDATORS, layout: 'none', page: lazyPage(() => import('@/features/embarque/routes/ValidadorPage'), (m) => m.ValidadorVentanaPage) },
  {
    path: paths.dashboard, access: session, layout: 'admin',
    menu: [{ label: 'Dashboard', icon: IconLayoutDashboard, group: 'General', roles: MENU_STAFF }],
    page: lazyPage(() => import('@/features/dashboard/DashboardChooser'), (m) => m.DashboardChooser),
  },
  {
    path: paths.ventaPasajes, access: SELLERS, layout: 'admin',
    menu: [{ label: 'Vender Pasajes', icon: IconTicket, group: 'Ventas', roles: MENU_SELLERS }],
    page: lazyPage(() => import('@/features/venta/routes/VentaPasajesPage'), (m) => m.VentaPasajesPage),
  },
  {
    path: paths.gestionCaja, access: SELLERS, layout: 'admin',
    menu: [{ label: 'Mi Caja', icon: IconCashRegister, group: 'Ventas', roles: MENU_SELLERS }],
    page: lazyPage(() => import('@/features/caja/routes/GestionCajaPage'), (m) => m.GestionCajaPage),
  },
  {
    path: paths.misVentas, access: SELLERS, layout: 'admin',
    menu: [{ label: 'Mis Ventas', icon: IconFileInvoice, group: 'Ventas', roles: MENU_SELLERS }],
    page: lazyPage(() => import('@/features/pasajes/routes/MisVentasPage'), (m) => m.MisVentasPage),
  },
  {
    path: paths.listadoPasajes, access: SELLERS, layout: 'admin',
    menu: [{ label: 'Listado de Pasajes', icon: IconListDetails, group: 'Ventas', roles: ['admin', 'supervisor'] }],
    page: lazyPage(() => import('@/features/pasajes/routes/ListadoPasajesPage'), (m) => m.ListadoPasajesPage),
  },
  {
    path: paths.validador, access: VALIDATORS, layout: 'admin',
    menu: [
      { label: 'Validar Pasajes', icon: IconQrcode, group: 'Embarque', roles: MENU_CREW },
      { label: 'Validador', icon: IconQrcode, group: 'Embarque', roles: ['supervisor'] },
    ],
    page: validador,
  },
  { path: paths.validacionEmbarque, access: VALIDATORS, layout: 'admin', page: validador },
  {
    path: paths.listaPasajeros, access: BOAT_CREW, layout: 'admin',
    menu: [{ label: 'Pasajeros Embarcados', icon: IconListCheck, group: 'Embarque', roles: MENU_CREW }],
    page: lazyPage(() => import('@/features/embarque/routes/ListaPasajerosPage'), (m) => m.ListaPasajerosPage),
  },
  {
    path: paths.estadoViajes, access: BOAT_CREW, layout: 'admin',
    menu: [{ label: 'Estado de Viajes', icon: IconShip, group: 'Embarque', roles: MENU_CREW }],
    page: lazyPage(() => import('@/features/embarque/routes/EstadoViajesPage'), (m) => m.EstadoViajesPage),
  },
  {
    path: paths.rutas, access: BOAT_CREW, layout: 'admin',
    menu: [{ label: 'Rutas Activas', icon: IconRoute, group: 'Embarque', roles: MENU_CREW }],
    page: lazyPage(() => import('@/features/embarque/routes/RutasPage'), (m) => m.RutasPage),
  },
  {
    path: paths.gestionRoles, access: roles('super_admin'), layout: 'admin',
    menu: [{ label: 'Gestión de Roles', icon: IconShieldLock, group: 'Sistema', roles: ['super_admin'] }],
    page: lazyPage(() => import('@/features/roles/GestionRolesPage'), (m) => m.GestionRolesPage),
  },
  {
    path: paths.configuracion, access: ADMIN, layout: 'admin',
    menu: [{ label: 'Configuración', icon: IconSettings, group: 'Configuración', roles: ['admin'] }],
    page: lazyPage(() => import('@/features/configuracion/routes/ConfiguracionPage'), (m) => m.ConfiguracionPage),
  },
  {
    path: paths.configuracionSecciones, access: ADMIN, layout: 'admin',
    menu: [{ label: 'Secciones', icon: IconMapPin, group: 'Configuración', roles: ['admin'] }],
    page: lazyPage(() => import('@/features/configuracion/routes/CatalogoPage'), (m) => m.SeccionesPage),
  },
  {
    path: paths.configuracionTiposViaje, access: ADMIN, layout: 'admin',
    menu: [{ label: 'Tipos de viaje', icon: IconTicket, group: 'Configuración', roles: ['admin'] }],
    page: lazyPage(() => import('@/features/configuracion/routes/CatalogoPage'), (m) => m.TiposViajePage),
  },
  {
    path: paths.configuracionMediosPago, access: ADMIN, layout: 'admin',
    menu: [{ label: 'Medios de pago', icon: IconCreditCard, group: 'Configuración', roles: ['admin'] }],
    page: lazyPage(() => import('@/features/configuracion/routes/CatalogoPage'), (m) => m.MediosPagoPage),
  },
  {
    path: paths.configuracionPrecios, access: ADMIN, layout: 'admin',
    menu: [{ label: 'Tarifas', icon: IconReceipt2, group: 'Configuración', roles: ['admin'] }],
    page: lazyPage(() => import('@/features/configuracion/routes/PreciosPage'), (m) => m.PreciosPage),
  },
];

/** Old addresses kept working: each redirects to its screen. */
export const REDIRECTS: readonly { from: Path; to: Path }[] = [
  { from: paths.loginAlias, to: paths.login },
  { from: paths.dashboardAlias, to: paths.admin },
  { from: paths.venta, to: paths.ventaPasajes },
  { from: paths.caja, to: paths.gestionCaja },
  { from: paths.pasajes, to: paths.listadoPasajes },
];
