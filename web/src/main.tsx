// Mantine's global sheets; each component's own sheet comes with the chunk that uses it
// (vite.config.ts, mantineCssPorComponente). Then the app's focus ring (app/focus.css).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import './app/focus.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Outlet } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/AppProviders';
import { createQueryClient } from './app/queryClient';
import { preloadScreenAt, ROUTES } from './app/routes';
import { recargarSiFaltaUnaParte, registrarServiceWorker } from './lib/pwa';

// Before any chunk is asked for: a tab left on a replaced release reloads into the new one.
recargarSiFaltaUnaParte();
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

// The service worker (offline use), once the page has loaded and the browser is idle.
registrarServiceWorker();
