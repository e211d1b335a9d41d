import { Paper, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAward, IconClock, IconMail, IconPhone } from '@tabler/icons-react';
import { LandingSection } from './LandingSection';

const SERVICES = [
  { icon: IconClock, title: 'Salidas cada hora', text: 'Salidas cada hora de 6:00 a 22:00.' },
  { icon: IconPhone, title: 'Atención telefónica', text: 'Atención telefónica de 6:00 a 22:00.' },
  { icon: IconMail, title: 'Respuesta por e-mail', text: 'Respuesta por e-mail en 24 horas.' },
  { icon: IconAward, title: 'Experiencia', text: 'Más de 25 años de experiencia.' },
];

/** #servicios. */
export function ServicesSection() {
  return (
    <LandingSection id="servicios" title="Servicios" bg="gray.0">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
        {SERVICES.map(({ icon: ServiceIcon, title, text }) => (
          <Paper key={title} withBorder p="lg">
            <ThemeIcon size={44} radius="md" color="secondary" variant="light" mb="md">
              <ServiceIcon size={24} aria-hidden />
            </ThemeIcon>
            <Title order={3} size="h4" mb={4}>{title}</Title>
            <Text c="dimmed">{text}</Text>
          </Paper>
        ))}
      </SimpleGrid>
    </LandingSection>
  );
}
