import { Anchor, Box, Button, Container, Group, Image, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';

const SECTIONS = [
  { href: '#inicio', label: 'Inicio' },
  { href: '#servicios', label: 'Servicios' },
  { href: '#destinos', label: 'Destinos' },
  { href: '#contacto', label: 'Contacto' },
];

/**
 * Sticky top bar: company, section anchors, the public timetable and the staff login. On a page other
 * than the landing, `inicio` ('/') leads the anchors back to it.
 */
export function LandingNav({ nombre, logoUrl, inicio = '' }: { nombre: string; logoUrl?: string | null; inicio?: string }) {
  return (
    <Box component="header" pos={{ base: 'static', sm: 'sticky' }} top={0} bg="white" style={{ zIndex: 10, borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
      <Container size="lg" py="sm">
        <Group justify="space-between" gap="sm">
          <Group gap="sm" wrap="nowrap">
            {logoUrl && <Image src={logoUrl} alt={`Logo de ${nombre}`} h={32} w="auto" fit="contain" />}
            <Text fw={700} size="lg">{nombre}</Text>
          </Group>
          <Group component="nav" aria-label="Secciones" gap="md">
            {SECTIONS.map(({ href, label }) => (
              <Anchor key={href} href={inicio + href} c="dark" fw={500}>{label}</Anchor>
            ))}
            <Anchor component={Link} to={paths.horariosPublicos} c="dark" fw={500}>Horarios</Anchor>
            <Button component={Link} to={paths.login} variant="light" size="xs">Staff</Button>
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
