import { Container, Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { formatNumber } from '@/lib/format';
import { useQuery } from '@tanstack/react-query';
import { publicStatsQuery, type PublicStats } from '@/api/public';

/** Each figure with the period it covers (internal/store/estadisticas.go), so they read together. */
const STATS: { key: keyof PublicStats; label: string; periodo: string }[] = [
  { key: 'pasajeros_atendidos', label: 'Pasajeros atendidos', periodo: 'Desde el primer viaje' },
  { key: 'rutas_disponibles', label: 'Rutas disponibles', periodo: 'Hoy' },
  { key: 'años_experiencia', label: 'Años de experiencia', periodo: 'Desde la fundación' },
  { key: 'viajes_diarios', label: 'Viajes diarios', periodo: 'Promedio de los últimos 30 días' },
];

/**
 * The four public figures exactly as GET /public/stats gives them; the rest of the
 * page (services, destinations) reads its figures from the same query.
 */
export function StatsSection() {
  const { data, isPending } = useQuery(publicStatsQuery);
  return (
    <Container size="lg" py={48} component="section" aria-label="Estadísticas">
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        {STATS.map(({ key, label, periodo }) => (
          <Paper key={key} withBorder p="lg" ta="center">
            <Skeleton visible={isPending} mx="auto" maw={120}>
              <Text fz={32} fw={700} c="brand.8">{data ? formatNumber(data[key]) : '—'}</Text>
            </Skeleton>
            <Text c="dimmed">{label}</Text>
            <Text size="xs" c="dimmed">{periodo}</Text>
          </Paper>
        ))}
      </SimpleGrid>
    </Container>
  );
}
