import { Suspense, type ReactNode } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { PageLoader } from '@/components/PageLoader';
import { paths } from '@/lib/paths';
import { NotFoundPage } from './pages/NotFoundPage';
import { RequireRole } from './RequireRole';
import { lazyPage, REDIRECTS, SCREENS, type Screen } from './screens';

/** The back-office shell (header and menu): downloaded with the first admin screen, not with the login. */
const AdminLayout = lazyPage(() => import('./layout/AdminLayout'), (m) => m.AdminLayout);

/** Downloads every page and the shell (tests render screens without waiting for their code). */
export function preloadRoutes(): Promise<unknown> {
  return Promise.all([AdminLayout, ...SCREENS.map((screen) => screen.page)].map((page) => page.preload()));
}

/** `element` behind the guard of `access`. */
function guard({ access, modulo, sinAcceso }: Pick<Screen, 'access' | 'modulo' | 'sinAcceso'>, element: ReactNode): ReactNode {
  switch (access.kind) {
    case 'public':
      return element;
    case 'session':
      return <RequireRole modulo={modulo}>{element}</RequireRole>;
    case 'roles':
      return <RequireRole roles={access.roles} permiso={access.permiso} modulo={modulo} sinAcceso={sinAcceso}>{element}</RequireRole>;
    case 'permiso':
      return <RequireRole permiso={access.permiso} modulo={modulo} sinAcceso={sinAcceso}>{element}</RequireRole>;
  }
}

function screenRoute(screen: Screen): RouteObject {
  const { path, page: Page } = screen;
  return { path, element: guard(screen, <Suspense fallback={<PageLoader />}><Page /></Suspense>) };
}

/** A redirect keeps the guard of the screen it leads to. */
function redirectRoute({ from, to }: (typeof REDIRECTS)[number]): RouteObject {
  const target = SCREENS.find((screen) => screen.path === to);
  const element = <Navigate to={to} replace />;
  return { path: from, element: target ? guard(target, element) : element };
}

const inAdmin = (path: string) => path.startsWith(`${paths.admin}/`);

/** Every route of the SPA, derived from the screens table (app/screens.tsx). */
export const ROUTES: RouteObject[] = [
  ...SCREENS.filter((s) => s.layout === 'none').map(screenRoute),
  ...REDIRECTS.filter((r) => !inAdmin(r.from)).map(redirectRoute),
  {
    path: paths.admin,
    element: <RequireRole><Suspense fallback={<PageLoader />}><AdminLayout /></Suspense></RequireRole>,
    children: [
      { index: true, element: <Navigate to={paths.dashboard} replace /> },
      ...SCREENS.filter((s) => s.layout === 'admin').map(screenRoute),
      ...REDIRECTS.filter((r) => inAdmin(r.from)).map(redirectRoute),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  { path: '*', element: <NotFoundPage /> },
];

/** Renders the route that matches the current location. */
export function AppRoutes() {
  return useRoutes(ROUTES);
}
