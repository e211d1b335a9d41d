// Mantine's global sheets, first; each component's own sheet comes with the chunk that uses it
// (vite.config.ts, mantineCssPorComponente). Then the app's focus ring (focus.css).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import './focus.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Outlet } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './AppProviders';
import { createQueryClient } from './queryClient';
import { preloadScreenAt, ROUTES } from './routes';

/**
 * The app's last step of the boot (main.tsx loads this module on its own, after React): the screen's
 * code and data are asked for, then the router is made and the first render starts.
 */
export function arrancar(): void {
  const queryClient = createQueryClient();
  preloadScreenAt(window.location.pathname, queryClient);

  // A data router: pages may block a navigation (useBlocker) while they hold unsaved edits.
  const router = createBrowserRouter([
    { element: <AppProviders queryClient={queryClient}><Outlet /></AppProviders>, children: ROUTES },
  ]);

  // The first render as a transition: React renders the app in slices and lets the browser breathe
  // between them, instead of holding a slow phone's main thread until the whole tree is built.
  const root = createRoot(document.getElementById('root')!);
  startTransition(() => {
    root.render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    );
  });
}
