import { Box, Container, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconClock } from '@tabler/icons-react';
import { publicEmpresaQuery } from '@/api/public';
import { describirDias, describirSentido, ESTADOS_SALIDA, horariosPublicosQuery, type EstadoSalida } from '@/api/salidas';
import { EmptyState } from '@/components/EmptyState';
import { ParadasConHora } from '@/components/ParadasConHora';
import { QueryState } from '@/components/QueryState';
import { DEFAULT_EMPRESA_NOMBRE } from '@/lib/company';
import { formatDate } from '@/lib/format';
import { LandingNav } from '@/features/landing/components/LandingNav';

/** The state of today's departure as a passenger reads it. */
function estado(e: string): string {
  return ESTADOS_SALIDA[e as EstadoSalida]?.label ?? e;
}

/** /horarios: the passenger home's 'Horarios': the public timetable and today's departures with their state. */
export function HorariosPublicosPage() {
  const { data: empresa } = useQuery(publicEmpresaQuery);
  const query = useQuery({ ...horariosPublicosQuery, refetchInterval: 60_000 });
  const nombre = empresa?.nombre || DEFAULT_EMPRESA_NOMBRE;
  const datos = query.data;
  return (
    <>
      <LandingNav nombre={nombre} logoUrl={empresa?.logo_url} inicio="/" />
      <Box component="main" py="xl">
        <Container size="lg">
          <Stack>
            <Title order={1}>Horarios</Title>
            <QueryState pending={query.isPending} error={datos ? null : query.error} errorTitle="No se pudieron cargar los horarios"
              onRetry={() => void query.refetch()}>
              {datos && (
                <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
                  <Paper withBorder p="md" component="section" aria-labelledby="salidas-hoy">
                    <Group justify="space-between" mb="sm">
                      <Title order={2} size="h3" id="salidas-hoy">Salidas de hoy</Title>
                      <Text c="dimmed">{formatDate(datos.fecha)}</Text>
                    </Group>
                    {datos.salidas.length === 0 ? (
                      <EmptyState icon={IconClock} title="No hay salidas hoy" message="Consulte los horarios de la semana." />
                    ) : (
                      <Table aria-label="Salidas de hoy">
                        <Table.Thead>
                          <Table.Tr><Table.Th>Hora</Table.Th><Table.Th>Sección</Table.Th><Table.Th>Sentido</Table.Th><Table.Th>Estado</Table.Th></Table.Tr>
                        </Table.Thead>
                        <Table.Tbody>
                          {datos.salidas.map((s) => (
                            <Table.Tr key={`${s.hora}-${s.seccion}`}>
                              <Table.Td fw={600}>{s.hora}</Table.Td>
                              <Table.Td>{s.seccion}<ParadasConHora paradas={s.paradas} /></Table.Td>
                              <Table.Td>{describirSentido(s.sentido)}</Table.Td>
                              <Table.Td>{estado(s.estado)}</Table.Td>
                            </Table.Tr>
                          ))}
                        </Table.Tbody>
                      </Table>
                    )}
                  </Paper>
                  <Paper withBorder p="md" component="section" aria-labelledby="horarios-semana">
                    <Title order={2} size="h3" id="horarios-semana" mb="sm">Horarios de la semana</Title>
                    {datos.horarios.length === 0 ? (
                      <EmptyState icon={IconClock} title="Sin horarios publicados" message="Consulte a la empresa por las salidas." />
                    ) : (
                      <Table aria-label="Horarios de la semana">
                        <Table.Thead>
                          <Table.Tr><Table.Th>Sección</Table.Th><Table.Th>Sentido</Table.Th><Table.Th>Hora</Table.Th><Table.Th>Días</Table.Th></Table.Tr>
                        </Table.Thead>
                        <Table.Tbody>
                          {datos.horarios.map((h) => (
                            <Table.Tr key={`${h.seccion}-${h.sentido}-${h.hora}`}>
                              <Table.Td>{h.seccion}<ParadasConHora paradas={h.paradas} /></Table.Td>
                              <Table.Td>{describirSentido(h.sentido)}</Table.Td>
                              <Table.Td fw={600}>{h.hora}</Table.Td>
                              <Table.Td>{describirDias(h.dias)}</Table.Td>
                            </Table.Tr>
                          ))}
                        </Table.Tbody>
                      </Table>
                    )}
                  </Paper>
                </SimpleGrid>
              )}
            </QueryState>
          </Stack>
        </Container>
      </Box>
    </>
  );
}
