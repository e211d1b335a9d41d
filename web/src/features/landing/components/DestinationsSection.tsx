import { Button, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatNumber } from '@/lib/format';
import { useQuery } from '@tanstack/react-query';
import { publicStatsQuery } from '@/api/public';
import { paths } from '@/lib/paths';
import { LandingSection } from './LandingSection';

/** #destinos. */
export function DestinationsSection() {
  const { data } = useQuery(publicStatsQuery);
  return (
    <LandingSection
      id="destinos"
      title="Destinos"
      intro="Unimos la terminal con las islas y parajes del río."
    >
      {data && <Text size="lg" fw={600}>Rutas disponibles: {formatNumber(data.rutas_disponibles)}</Text>}
      <Group>
        <Button component={Link} to={paths.loginAlias}>Consultar mis pasajes</Button>
      </Group>
    </LandingSection>
  );
}
