import { render, renderHook } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { AppProviders } from '@/app/AppProviders';
import { AppRoutes } from '@/app/routes';

/** Renders `ui` with the app's providers inside a memory data router at `route` (or a history ending there). */
export function renderWithProviders(ui: ReactElement, { route = '/' }: { route?: string | string[] } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const user = userEvent.setup();
  // A data router as in the app (useBlocker needs one); `ui` renders at every path.
  const router = createMemoryRouter(
    [{ path: '*', element: <AppProviders queryClient={queryClient}>{ui}<LocationProbe /></AppProviders> }],
    { initialEntries: Array.isArray(route) ? route : [route] },
  );
  const result = render(<RouterProvider router={router} />);
  return { ...result, user, queryClient };
}

/** Renders a hook with the app's providers inside a memory data router, as renderWithProviders renders a screen. */
export function renderHookWithProviders<T>(hook: () => T) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <RouterProvider router={createMemoryRouter([{ path: '*', element: <AppProviders queryClient={queryClient}>{children}</AppProviders> }])} />
  );
  return renderHook(hook, { wrapper });
}

/**
 * Renders the whole app at `route` (or a history ending there): the screens table's
 * routes with their guards, as a user reaches a page. Features test their pages through
 * it, since they never import app/.
 */
export function renderApp(route: string | string[] = '/') {
  return renderWithProviders(<AppRoutes />, { route });
}

/** Exposes the current path to assertions: screen.getByTestId('location'). */
function LocationProbe() {
  const { pathname } = useLocation();
  return <output data-testid="location" hidden>{pathname}</output>;
}
