import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { AppProviders } from '@/app/AppProviders';

/** Renders `ui` with the app's providers inside a memory router at `route` (or a history ending there). */
export function renderWithProviders(ui: ReactElement, { route = '/' }: { route?: string | string[] } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const user = userEvent.setup();
  const result = render(
    <MemoryRouter initialEntries={Array.isArray(route) ? route : [route]}>
      <AppProviders queryClient={queryClient}>
        {ui}
        <LocationProbe />
      </AppProviders>
    </MemoryRouter>,
  );
  return { ...result, user, queryClient };
}

/** Exposes the current path to assertions: screen.getByTestId('location'). */
function LocationProbe() {
  const { pathname } = useLocation();
  return <output data-testid="location" hidden>{pathname}</output>;
}
