import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { DEFAULT_EMPRESA_NOMBRE } from '@/lib/company';
import { useQuery } from '@tanstack/react-query';
import { publicEmpresaQuery } from '@/api/public';
import { paths } from '@/lib/paths';
import { ContactSection } from '@/features/landing/components/ContactSection';
import { DestinationsSection } from '@/features/landing/components/DestinationsSection';
import { HeroSection } from '@/features/landing/components/HeroSection';
import { LandingNav } from '@/features/landing/components/LandingNav';
import { PasajeDialog } from '@/features/landing/components/PasajeDialog';
import { ServicesSection } from '@/features/landing/components/ServicesSection';
import { StatsSection } from '@/features/landing/components/StatsSection';

/** Public landing page (/); `?pasaje=…&codigo=…` (the tickets' mail's link) opens the ticket over it. */
export function LandingPage() {
  const { data: empresa, isPending } = useQuery(publicEmpresaQuery);
  const [params, setParams] = useSearchParams();
  const numeroPasaje = params.get('pasaje');
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
      {/* a link whose number was cut off (`?pasaje=`) opens it too, to say what is missing */}
      {numeroPasaje !== null && (
        <PasajeDialog numero={numeroPasaje} codigo={params.get('codigo')} onClose={() => setParams({}, { replace: true })} />
      )}
    </>
  );
}
