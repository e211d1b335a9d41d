import type { QueryClient } from '@tanstack/react-query';
import { Suspense, type ReactNode } from 'react';
import { matchPath, Navigate, useRoutes, type RouteObject } from 'react-router';
import { PageLoader } from '@/components/PageLoader';
import { empresaQuery } from '@/api/empresa';
import { paths } from '@/lib/paths';
import { readSession } from '@/lib/session/storage';
import type { Usuario } from '@/lib/session/types';
import { NotFoundPage } from './pages/NotFoundPage';
import { RequireRole } from './RequireRole';
import { lazyPage, REDIRECTS, SCREENS, type Screen } from './screens';

/**
 * The code of the screen the app booted on (preloadScreenAt): the shell waits for it too, so that
 * the shell and the screen show in one render and one paint, not the shell with a loader first.
 */
let pantallaInicial: Promise<unknown> = Promise.resolve();

/** The back-office shell (header and menu): downloaded with the first admin screen, not with the login. */
const AdminLayout = lazyPage(
  () => Promise.all([import('./layout/AdminLayout'), pantallaInicial]).then(([m]) => m),
  (m) => m.AdminLayout,
);

/** Downloads every page and the shell (tests render screens without waiting for their code). */
export function preloadRoutes(): Promise<unknown> {
  return Promise.all([AdminLayout, ...SCREENS.map((screen) => screen.page)].map((page) => page.preload()));
}

/**
 * What the admin shell reads before its first render (the user's company: Mantine's theme takes its
 * colours), fetched while the app boots, with the screen's own data: the shell and the screen render
 * once, not again when the answer comes back. The stored user's refresh (GET /auth/me) and the bell's
 * notifications wait until the browser is idle (SessionProvider, NotificationBell): the first
 * screen's requests fit in one round of the six connections a browser opens to the server.
 */
function precargarShell(queryClient: QueryClient, usuario: Usuario): void {
  // the server refuses every call but the password change until then (AppProviders does the same)
  if (usuario.debe_cambiar_clave) return;
  void queryClient.prefetchQuery(empresaQuery(usuario.id));
}

/**
 * Starts downloading the code of the screen at `pathname` (and of the admin shell it sits in) while
 * the app boots, instead of once the router has rendered the shell, and fetching the data it and the
 * shell show first: the chunks and the data arrive together, not one round trip after another. A
 * guarded screen only with a stored session (without one, the guard sends the browser to the login).
 */
export function preloadScreenAt(pathname: string, queryClient: QueryClient): void {
  const screen = SCREENS.find((s) => matchPath(s.path, pathname));
  const session = readSession();
  if (!screen || (screen.access.kind !== 'public' && !session)) return;
  const pagina = screen.page.preload().catch(() => undefined);
  if (screen.layout === 'admin') {
    pantallaInicial = pagina;
    void AdminLayout.preload().catch(() => undefined);
    if (session) precargarShell(queryClient, session.usuario);
  }
  screen.precargar?.(queryClient);
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
