import { Alert, Anchor, Button, Card, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle, IconPhone, IconQrcode, IconSearch, IconClock, IconUserPlus, IconShieldCheck, type Icon } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { useEmpresa } from '@/lib/company';
import { paths } from '@/lib/paths';
import { hasRole, useSession } from '@/lib/session';

/** Roles that see the staff block of the passenger home (backoffice §2.20). */
const ROLES_PERSONAL = ['lancha', 'supervisor', 'admin', 'super_admin'] as const;

const ENLACES: readonly { to: string; label: string; icon: Icon }[] = [
  { to: paths.pasajeroConsultar, label: 'Consultar pasaje', icon: IconSearch },
  { to: paths.pasajeroEscanear, label: 'Escanear QR', icon: IconQrcode },
  { to: paths.horariosPublicos, label: 'Horarios', icon: IconClock },
  { to: paths.pasajeroRegistro, label: 'Registrarse', icon: IconUserPlus },
];

/** The passenger home 'Terminal Fluvial' (backoffice §2.20): its links, the staff block and the help block. */
export function TerminalFluvialPage() {
  const { usuario } = useSession();
  // the spec's {phone} and {email}: the company's own contact
  const empresa = useEmpresa();
  const personal = hasRole(usuario, ROLES_PERSONAL);
  return (
    <Container size="sm" px="sm" py="md">
      <Stack>
        <Title order={1} size="h2">Terminal Fluvial</Title>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          {ENLACES.map(({ to, label, icon: I }) => (
            <Button key={to} component={Link} to={to} size="lg" variant="light" leftSection={<I size={20} aria-hidden />}>
              {label}
            </Button>
          ))}
        </SimpleGrid>
        {personal && (
          <Card withBorder>
            <Stack gap="xs">
              <Title order={2} size="h4">Personal</Title>
              <Button component={Link} to={paths.validadorVentana} size="md" leftSection={<IconShieldCheck size={18} aria-hidden />}>
                Validador de embarque
              </Button>
            </Stack>
          </Card>
        )}
        <Card withBorder>
          <Stack gap={4}>
            <Title order={2} size="h4">Ayuda</Title>
            <Text size="sm"><IconPhone size={14} aria-hidden /> Teléfono de la terminal: {empresa.telefono || 'no informado'}</Text>
            <Text size="sm">Correo: {empresa.email || 'no informado'}</Text>
          </Stack>
        </Card>
      </Stack>
    </Container>
  );
}

const TITULOS: Record<string, string> = {
  [paths.pasajeroMisPasajes]: 'Mis pasajes',
  [paths.pasajeroHorarios]: 'Horarios',
  [paths.pasajeroPerfil]: 'Mi perfil',
  [paths.pasajeroEscanear]: 'Escanear QR',
  [paths.pasajeroRegistro]: 'Registrarse',
};

/** The passenger pages the spec leaves to a separate passenger frontend (backoffice §2.19). */
export function PasajeroPlaceholderPage() {
  const { pathname } = useLocation();
  return (
    <Container size="sm" px="sm" py="md">
      <Stack>
        <Title order={1} size="h2">{TITULOS[pathname] ?? 'Pasajeros'}</Title>
        <Alert color="blue" icon={<IconInfoCircle aria-hidden />}>
          Esta sección pertenece a la aplicación de pasajeros, separada del sistema de gestión. Tus pasajes, puntos y códigos QR
          están en el portal del cliente.
        </Alert>
        <Anchor component={Link} to={paths.clienteLogin}>Ir al portal del cliente</Anchor>
      </Stack>
    </Container>
  );
}
