import { Burger, Button, Group, Image, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { EstadoConexion, NotificationBell } from '@/features/notificaciones/NotificationBell';
import { useEmpresa } from '@/lib/company';
import { useSession } from '@/lib/session';
import { ConnectionBadge } from './ConnectionBadge';
import { UserSummary } from './UserSummary';

interface HeaderProps {
  navbarOpened: boolean;
  onToggleNavbar: () => void;
}

/** Company, connection state, user and logout. */
export function Header({ navbarOpened, onToggleNavbar }: HeaderProps) {
  const empresa = useEmpresa();
  const { logout } = useSession();
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
        {/* The offline queue arrives with the offline module; until then nothing is pending. */}
        <ConnectionBadge pending={0} />
        <Group visibleFrom="md">
          <EstadoConexion />
        </Group>
        <NotificationBell />
        <Group visibleFrom="sm">
          <UserSummary />
        </Group>
        <Button variant="subtle" color="gray" px="xs" aria-label="Cerrar sesión" onClick={logout}>
          <IconLogout size={20} aria-hidden />
          <Text span inherit visibleFrom="sm" ml={6}>Cerrar sesión</Text>
        </Button>
      </Group>
    </Group>
  );
}
