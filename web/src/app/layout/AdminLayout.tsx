import { AppShell, Box, ScrollArea } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useCallback, useState } from 'react';
import { Outlet } from 'react-router';
import { useConnectivityToasts } from '@/lib/connectivity';
import { RealtimeProvider } from '@/app/realtime/RealtimeProvider';
import { diferido } from '@/components/Diferido';
import { Bloqueable } from '@/components/PantallaBloqueo';
import { useSincronizadorOffline } from '@/features/offline/useSincronizador';
import { useGestures, useIsMobile, type Gesture } from '@/lib/gestures';
import { useInactivo } from '@/lib/idle';
import { Header } from './Header';
import { Sidebar } from './Sidebar';
import { UserSummary } from './UserSummary';

/** The device clock's notice reads the offline database (Dexie's chunk): shown once the first screen is up. */
const AvisoReloj = diferido(() => import('@/features/offline/components/AvisoReloj').then((m) => m.AvisoReloj));

/** AvisoReloj once the browser is idle: only this renders again then, not the shell. */
function AvisoRelojAlQuedarInactivo() {
  return useInactivo() ? <AvisoReloj /> : null;
}

/** Sidebar width from the spec. */
const SIDEBAR_WIDTH = '20rem';

/** Where the menu is a drawer: below AppShell's `sm` breakpoint. */
const DRAWER_QUERY = '(max-width: 47.99em)';

/**
 * Whether the menu's entries are rendered: beside the screen, always; as a phone's drawer, once it
 * has been opened (a closed drawer's entries only cost the first render).
 */
function useMenuRendered(opened: boolean): boolean {
  const drawer = useMediaQuery(DRAWER_QUERY, false, { getInitialValueInEffect: false });
  const [openedOnce, setOpenedOnce] = useState(opened);
  if (opened && !openedOnce) setOpenedOnce(true);
  return !drawer || openedOnce;
}

/** Shell of every /admin screen: header, role menu (a drawer on mobile) and the screen; the lock screen instead while the session is locked. */
export function AdminLayout() {
  return (
    <Bloqueable>
      <Shell />
    </Bloqueable>
  );
}

/** The shell itself, unmounted while the session is locked. */
function Shell() {
  const [opened, { toggle, open, close }] = useDisclosure(false);
  const menuRendered = useMenuRendered(opened);
  const isMobile = useIsMobile();
  useConnectivityToasts();
  useSincronizadorOffline();
  const onGesture = useCallback((gesture: Gesture) => {
    if (gesture === 'swipe-right') open();
    if (gesture === 'swipe-left') close();
  }, [open, close]);
  useGestures(onGesture, isMobile);

  return (
    <RealtimeProvider>
      <AppShell
        header={{ height: 64 }}
        navbar={{ width: SIDEBAR_WIDTH, breakpoint: 'sm', collapsed: { mobile: !opened } }}
        padding="md"
      >
        <AppShell.Header>
          <Header navbarOpened={opened} onToggleNavbar={toggle} />
        </AppShell.Header>
        <AppShell.Navbar p="sm">
          {/* The menu scrolls on its own: an admin's is taller than a laptop screen. */}
          <AppShell.Section grow component={ScrollArea}>
            <Sidebar onNavigate={close} entries={menuRendered} />
          </AppShell.Section>
          <Box hiddenFrom="sm" pt="sm">
            <UserSummary />
          </Box>
        </AppShell.Navbar>
        <AppShell.Main>
          <AvisoRelojAlQuedarInactivo />
          <Outlet />
        </AppShell.Main>
      </AppShell>
    </RealtimeProvider>
  );
}
