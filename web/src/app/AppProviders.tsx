import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { useEmpresa } from '@/lib/company';
import { SessionProvider } from '@/lib/session';
import { buildTheme, cssVariablesResolver } from './theme';

/** Toasts stay this long unless a helper says otherwise. */
const DEFAULT_TOAST_MS = 5000;

function ThemeProvider({ children }: { children: ReactNode }) {
  const { color_primario } = useEmpresa();
  const theme = useMemo(() => buildTheme(color_primario), [color_primario]);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <Notifications position="top-right" autoClose={DEFAULT_TOAST_MS} />
      {children}
    </MantineProvider>
  );
}

/** Server state, session and theme. Must be rendered inside a router. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <ThemeProvider>{children}</ThemeProvider>
      </SessionProvider>
    </QueryClientProvider>
  );
}
