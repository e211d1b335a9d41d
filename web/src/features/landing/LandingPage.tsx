import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { DEFAULT_EMPRESA_NOMBRE } from '@/lib/company';
import { useQuery } from '@tanstack/react-query';
import { publicEmpresaQuery } from '@/api/public';
import { paths } from '@/lib/paths';
import { ContactSection } from './components/ContactSection';
import { DestinationsSection } from './components/DestinationsSection';
import { HeroSection } from './components/HeroSection';
import { LandingNav } from './components/LandingNav';
import { ServicesSection } from './components/ServicesSection';
import { StatsSection } from './components/StatsSection';

/** Public landing page (/). */
export function LandingPage() {
  const { data: empresa, isPending } = useQuery(publicEmpresaQuery);
  const nombre = empresa?.nombre || DEFAULT_EMPRESA_NOMBRE;
  return (
    <>
      <LandingNav nombre={nombre} logoUrl={empresa?.logo_url} />
      <main>
        <HeroSection nombre={nombre} />
        <StatsSection />
        <ServicesSection />
        <DestinationsSection />
        <ContactSection empresa={empresa} loading={isPending} />
      </main>
      <Box component="footer" py="lg">
        <Container size="lg">
          <Group justify="space-between">
            <Text size="sm" c="dimmed">© {new Date().getFullYear()} {nombre}</Text>
            <Anchor component={Link} to={paths.login} size="sm">Acceso del personal</Anchor>
          </Group>
        </Container>
      </Box>
    </>
  );
}
