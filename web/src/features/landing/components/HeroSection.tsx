import { Box, Button, Container, Group, List, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHistory, IconQrcode, IconStar } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';

const PORTAL_FEATURES = [
  { icon: IconHistory, text: 'Historial de todos tus pasajes' },
  { icon: IconQrcode, text: 'Tus códigos QR listos para embarcar' },
  { icon: IconStar, text: 'Puntos de fidelidad en cada viaje' },
];

/** #inicio: promotes the client portal and the loyalty points. */
export function HeroSection({ nombre }: { nombre: string }) {
  return (
    <Box
      component="section"
      id="inicio"
      aria-labelledby="inicio-titulo"
      py={72}
      c="white"
      style={{
        scrollMarginTop: 72,
        background: 'linear-gradient(135deg, var(--mantine-color-brand-9), var(--mantine-color-brand-7))',
      }}
    >
      <Container size="lg">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48}>
          <Stack gap="lg">
            <Text fw={600}>{nombre}</Text>
            <Title order={1} id="inicio-titulo">Tus viajes por el río, en el Portal de Clientes</Title>
            <List spacing="sm" center>
              {PORTAL_FEATURES.map(({ icon: FeatureIcon, text }) => (
                <List.Item key={text} icon={<ThemeIcon color="white" c="brand.9" radius="xl"><FeatureIcon size={16} aria-hidden /></ThemeIcon>}>
                  {text}
                </List.Item>
              ))}
            </List>
            <Group>
              <Button component={Link} to={paths.loginAlias} size="md" variant="white" color="brand.9">
                Ingresar al Portal de Clientes
              </Button>
              <Button component="a" href="#servicios" size="md" variant="outline" color="white">
                Ver servicios
              </Button>
            </Group>
          </Stack>
          <Paper p="xl" radius="lg" c="dark" shadow="md">
            <Stack>
              <Title order={2} size="h3">Programa de puntos</Title>
              <Text size="xl" fw={700}>1 punto por cada $1</Text>
              <Text>Suma puntos con cada pasaje y canjéalos por beneficios.</Text>
              <Text c="dimmed">Ejemplo: 10.000 puntos = $1.000 en beneficios.</Text>
            </Stack>
          </Paper>
        </SimpleGrid>
      </Container>
    </Box>
  );
}
