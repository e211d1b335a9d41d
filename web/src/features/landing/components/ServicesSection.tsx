import { Paper, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAward, IconMail, IconPhone } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { publicStatsQuery } from '@/api/public';
import { formatCantidad } from '@/lib/format';
import { LandingSection } from './LandingSection';

// No timetable of its own ('salidas cada hora'): the departures' figure is the server's ('Viajes diarios', StatsSection).
const SERVICES = [
  { icon: IconPhone, title: 'Atención telefónica', text: 'Atención telefónica de 6:00 a 22:00.' },
  { icon: IconMail, title: 'Respuesta por e-mail', text: 'Respuesta por e-mail en 24 horas.' },
];

/**
 * #servicios. The experience is the figure of the statistics (the years since the
 * company's founding), never a number of its own; without it the card is left out.
 */
export function ServicesSection() {
  const { data } = useQuery(publicStatsQuery);
  const anios = data?.años_experiencia ?? 0;
  const servicios = anios > 0
    ? [...SERVICES, { icon: IconAward, title: 'Experiencia', text: `${formatCantidad(anios, 'año')} de experiencia.` }]
    : SERVICES;
  return (
    <LandingSection id="servicios" title="Servicios" bg="gray.0">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
        {servicios.map(({ icon: ServiceIcon, title, text }) => (
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
