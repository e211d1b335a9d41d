import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, useQuery, type QueryClient } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { empresaQuery } from '@/api/empresa';
import { EmpresaContext, useEmpresa } from '@/lib/company';
import { LONG_TOAST_MS } from '@/lib/notify';
import { useSession } from '@/lib/session';
import { SessionProvider } from './session/SessionProvider';
import { buildTheme, cssVariablesResolver, themeColors } from './theme';
import toasts from './toasts.module.css';

/** Date pickers speak Spanish and start the week on Monday, whatever the browser's language. */
const DATES = { locale: 'es', firstDayOfWeek: 1 } as const;

/**
 * The logged-in user's company (GET /config/empresa, one cache entry per user) for useEmpresa; not
 * while the password must change (the server refuses every call but the change until then).
 */
function EmpresaProvider({ children }: { children: ReactNode }) {
  const { usuario, token } = useSession();
  const { data } = useQuery({ ...empresaQuery(usuario?.id), enabled: token !== null && !usuario?.debe_cambiar_clave });
  return <EmpresaContext.Provider value={data}>{children}</EmpresaContext.Provider>;
}

function ThemeProvider({ children }: { children: ReactNode }) {
  const { color_primario, color_secundario } = useEmpresa();
  const { primary, secondary } = themeColors(color_primario, color_secundario);
  const theme = useMemo(() => buildTheme(primary, secondary), [primary, secondary]);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <Notifications position="top-center" autoClose={LONG_TOAST_MS} classNames={{ root: toasts.toasts }} />
      <DatesProvider settings={DATES}>{children}</DatesProvider>
    </MantineProvider>
  );
}

/** Server state, session, company and theme. Must be rendered inside a router. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <EmpresaProvider>
          <ThemeProvider>{children}</ThemeProvider>
        </EmpresaProvider>
      </SessionProvider>
    </QueryClientProvider>
  );
}
