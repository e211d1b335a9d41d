import { Container, Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { formatNumber } from '@/lib/format';
import { useQuery } from '@tanstack/react-query';
import { publicStatsQuery, type PublicStats } from '@/api/public';

const STATS: { key: keyof PublicStats; label: string }[] = [
  { key: 'pasajeros_atendidos', label: 'Pasajeros atendidos' },
  { key: 'rutas_disponibles', label: 'Rutas disponibles' },
  { key: 'años_experiencia', label: 'Años de experiencia' },
  { key: 'viajes_diarios', label: 'Viajes diarios' },
];

/** The four public figures exactly as GET /public/stats gives them. */
export function StatsSection() {
  const { data, isPending } = useQuery(publicStatsQuery);
  return (
    <Container size="lg" py={48} component="section" aria-label="Estadísticas">
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        {STATS.map(({ key, label }) => (
          <Paper key={key} withBorder p="lg" ta="center">
            <Skeleton visible={isPending} mx="auto" maw={120}>
              <Text fz={32} fw={700} c="brand.8">{data ? formatNumber(data[key]) : '—'}</Text>
            </Skeleton>
            <Text c="dimmed">{label}</Text>
          </Paper>
        ))}
      </SimpleGrid>
    </Container>
  );
}
