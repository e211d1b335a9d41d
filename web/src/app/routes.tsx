import type { ReactNode } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { LoginPage } from '../features/auth/LoginPage';
import { GestionCajaPage } from '../features/caja/routes/GestionCajaPage';
import { MEDIOS_PAGO, SECCIONES, TIPOS_VIAJE } from '../features/configuracion/catalogos';
import { CatalogoPage } from '../features/configuracion/routes/CatalogoPage';
import { ConfiguracionPage } from '../features/configuracion/routes/ConfiguracionPage';
import { PreciosPage } from '../features/configuracion/routes/PreciosPage';
import { DashboardChooser } from '../features/dashboard/DashboardChooser';
import { EstadoViajesPage } from '../features/embarque/routes/EstadoViajesPage';
import { ListaPasajerosPage } from '../features/embarque/routes/ListaPasajerosPage';
import { RutasPage } from '../features/embarque/routes/RutasPage';
import { ValidadorPage, ValidadorVentanaPage } from '../features/embarque/routes/ValidadorPage';
import { LandingPage } from '../features/landing/LandingPage';
import { GestionRolesPage } from '../features/roles/GestionRolesPage';
import { VentaPasajesPage } from '../features/venta/routes/VentaPasajesPage';
import type { Role } from '../lib/session';
import { AdminLayout } from './layout/AdminLayout';
import { NotFoundPage } from './pages/NotFoundPage';
import { UnauthorizedPage } from './pages/UnauthorizedPage';
import { RequireRole } from './RequireRole';

/** One screen under /admin. */
export interface AdminRoute {
  /** Path relative to /admin. */
  path: string;
  /** Roles allowed (super_admin always passes); omit for "any logged-in user". */
  roles?: readonly Role[];
  element: ReactNode;
}

/** Roles that sell at the counter and run their own register. */
const SELLERS: readonly Role[] = ['vendedor', 'supervisor', 'admin', 'super_admin'];

/** Roles that validate boarding. */
const VALIDATORS: readonly Role[] = ['lancha', 'supervisor', 'admin', 'super_admin'];
/** Roles of the passenger list, trip status and routes. */
const BOAT_CREW: readonly Role[] = ['lancha', 'admin', 'super_admin'];

/** THE table of /admin screens (backoffice §6). Add a screen here and, if it has one, its menu entry in app/menu.ts. */
export const ADMIN_ROUTES: readonly AdminRoute[] = [
  { path: 'dashboard', element: <DashboardChooser /> },
  { path: 'gestion-roles', roles: ['super_admin'], element: <GestionRolesPage /> },
  { path: 'validador', roles: VALIDATORS, element: <ValidadorPage /> },
  { path: 'validacion-embarque', roles: VALIDATORS, element: <ValidadorPage /> },
  { path: 'lista-pasajeros', roles: BOAT_CREW, element: <ListaPasajerosPage /> },
  { path: 'estado-viajes', roles: BOAT_CREW, element: <EstadoViajesPage /> },
  { path: 'rutas', roles: BOAT_CREW, element: <RutasPage /> },
  { path: 'venta-pasajes', roles: SELLERS, element: <VentaPasajesPage /> },
  { path: 'venta', roles: SELLERS, element: <Navigate to="/admin/venta-pasajes" replace /> },
  { path: 'gestion-caja', roles: SELLERS, element: <GestionCajaPage /> },
  { path: 'caja', roles: SELLERS, element: <Navigate to="/admin/gestion-caja" replace /> },
  { path: 'configuracion', roles: ['admin'], element: <ConfiguracionPage /> },
  { path: 'configuracion/secciones', roles: ['admin'], element: <CatalogoPage def={SECCIONES} /> },
  { path: 'configuracion/tipos-viaje', roles: ['admin'], element: <CatalogoPage def={TIPOS_VIAJE} /> },
  { path: 'configuracion/medios-pago', roles: ['admin'], element: <CatalogoPage def={MEDIOS_PAGO} /> },
  { path: 'configuracion/precios', roles: ['admin'], element: <PreciosPage /> },
];

function guarded({ path, roles, element }: AdminRoute): RouteObject {
  return { path, element: roles ? <RequireRole roles={roles}>{element}</RequireRole> : element };
}

/** Every route of the SPA. */
export const ROUTES: RouteObject[] = [
  { path: '/', element: <LandingPage /> },
  { path: '/login', element: <Navigate to="/admin/login" replace /> },
  { path: '/admin/login', element: <LoginPage /> },
  { path: '/dashboard', element: <Navigate to="/admin" replace /> },
  { path: '/unauthorized', element: <UnauthorizedPage /> },
  // The validator alone, for the small window opened from the sale screen.
  { path: '/validador', element: <RequireRole roles={VALIDATORS}><ValidadorVentanaPage /></RequireRole> },
  {
    path: '/admin',
    element: <RequireRole><AdminLayout /></RequireRole>,
    children: [
      { index: true, element: <Navigate to="/admin/dashboard" replace /> },
      ...ADMIN_ROUTES.map(guarded),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  { path: '*', element: <NotFoundPage /> },
];

/** Renders the route that matches the current location. */
export function AppRoutes() {
  return useRoutes(ROUTES);
}
