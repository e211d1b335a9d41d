import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Outlet } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/AppProviders';
import { createQueryClient } from './app/queryClient';
import { ROUTES } from './app/routes';

const queryClient = createQueryClient();

// A data router: pages may block a navigation (useBlocker) while they hold unsaved edits.
const router = createBrowserRouter([
  { element: <AppProviders queryClient={queryClient}><Outlet /></AppProviders>, children: ROUTES },
]);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
