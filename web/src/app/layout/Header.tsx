import { Burger, Button, Group, Image, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogout } from '@tabler/icons-react';
import { useState } from 'react';
import { abiertoTrasMontar, diferido, useAbiertoUnaVez } from '@/components/Diferido';
import { NotificationBell } from '@/features/notificaciones/NotificationBell';
import { useColaOffline } from '@/features/offline/useColaOffline';
import { useEmpresa } from '@/lib/company';
import { useSession } from '@/lib/session';
import { ConnectionBadge } from './ConnectionBadge';
import { UserSummary } from './UserSummary';

/** The pending actions' panel (with the offline database's chunk): downloaded when first opened. */
const PanelAccionesPendientes = diferido(() =>
  import('@/features/offline/components/PanelAccionesPendientes').then((m) => abiertoTrasMontar(m.PanelAccionesPendientes)));
/** The logout's confirmation, only with actions pending: downloaded when first asked. */
const ConfirmDialog = diferido(() => import('@/components/ConfirmDialog').then((m) => m.ConfirmDialog));

interface HeaderProps {
  navbarOpened: boolean;
  onToggleNavbar: () => void;
}

/** Company, the one connection state (ConnectionBadge; the live updates' is in the bell's panel), user and logout. */
export function Header({ navbarOpened, onToggleNavbar }: HeaderProps) {
  const empresa = useEmpresa();
  const { logout } = useSession();
  const cola = useColaOffline();
  const [panelOpened, panel] = useDisclosure(false);
  // Logging out never touches the queue: it stays on this device and the next login syncs it.
  const [confirmLogout, setConfirmLogout] = useState(false);
  const panelUsado = useAbiertoUnaVez(panelOpened);
  const confirmUsado = useAbiertoUnaVez(confirmLogout);
  const onLogout = () => (cola.length > 0 ? setConfirmLogout(true) : logout());
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap" miw={0}>
        <Burger
          opened={navbarOpened}
          onClick={onToggleNavbar}
          hiddenFrom="sm"
          size="sm"
          aria-label={navbarOpened ? 'Cerrar menú' : 'Abrir menú'}
          aria-expanded={navbarOpened}
        />
        {empresa.logo_url && <Image src={empresa.logo_url} alt={`Logo de ${empresa.nombre}`} h={36} w="auto" fit="contain" />}
        <Text fw={700} size="lg" truncate>{empresa.nombre}</Text>
      </Group>
      <Group gap="md" wrap="nowrap" style={{ flexShrink: 0 }}>
        <ConnectionBadge pending={cola.length} onClick={panel.open} />
        <NotificationBell />
        <Group visibleFrom="sm">
          <UserSummary />
        </Group>
        <Button variant="subtle" color="gray" px="xs" aria-label="Cerrar sesión" onClick={onLogout}>
          <IconLogout size={20} aria-hidden />
          <Text span inherit visibleFrom="sm" ml={6}>Cerrar sesión</Text>
        </Button>
      </Group>
      {panelUsado && <PanelAccionesPendientes opened={panelOpened} onClose={panel.close} acciones={cola} />}
      {confirmUsado && <ConfirmDialog opened={confirmLogout} title="Cerrar sesión" confirmLabel="Cerrar sesión"
        onClose={() => setConfirmLogout(false)} onConfirm={() => { setConfirmLogout(false); logout(); }}>
        <Text>
          {cola.length === 1
            ? 'Hay 1 acción sin sincronizar en este dispositivo. Queda guardada y se enviará'
            : `Hay ${cola.length} acciones sin sincronizar en este dispositivo. Quedan guardadas y se enviarán`}
          {' '}cuando vuelva a iniciar sesión aquí con conexión.
        </Text>
      </ConfirmDialog>}
    </Group>
  );
}
