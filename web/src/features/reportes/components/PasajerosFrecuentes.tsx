import { Box, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import type { ClienteTop } from '@/api/reportes';
import { EmptyState } from '@/components/EmptyState';
import { formatCantidad, formatMoney } from '@/lib/format';

/**
 * The badges of the first three ranks (backoffice §2.15: gold, grey, orange) and of the rest. Dark text on light
 * fills: every pair has a contrast of at least 4.5:1 (gold 11:1, grey 11:1, orange 8:1), and the rank is written.
 */
export const COLORES_PUESTO: readonly { fondo: string; texto: string }[] = [
  { fondo: '#FCC419', texto: '#212529' },
  { fondo: '#CED4DA', texto: '#212529' },
  { fondo: '#FFA94D', texto: '#212529' },
];
const COLOR_RESTO = { fondo: '#F1F3F5', texto: '#212529' };

/** 'Pasajeros Frecuentes (Top 10)': the period's passengers with the most trips, then the most spent. */
export function PasajerosFrecuentes({ clientes }: { clientes: readonly ClienteTop[] }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="sm" id="titulo-frecuentes">Pasajeros Frecuentes (Top 10)</Title>
      {clientes.length === 0 ? (
        <EmptyState icon={IconUsers} title="Sin pasajeros en el período" />
      ) : (
        <Stack component="ol" gap="xs" aria-labelledby="titulo-frecuentes" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {clientes.map((c, i) => {
            const color = COLORES_PUESTO[i] ?? COLOR_RESTO;
            return (
              <Group component="li" key={c.id} gap="sm" wrap="nowrap" align="center">
                <Box aria-label={`Puesto ${i + 1}`} w={32} h={32} style={{ borderRadius: '50%', display: 'grid', placeItems: 'center',
                  background: color.fondo, color: color.texto, fontWeight: 700, flex: 'none' }}>
                  {i + 1}
                </Box>
                <Box style={{ flex: 1, minWidth: 0 }}>
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>{c.nombre}</Text>
                  <Text size="sm" c="dimmed">
                    Doc. {c.documento}{c.telefono ? ` · Tel. ${c.telefono}` : ''}
                  </Text>
                </Box>
                <Box ta="right" style={{ flex: 'none' }}>
                  <Text fw={600}>{formatCantidad(c.total_viajes, 'viaje')}</Text>
                  <Text size="sm" c="dimmed">{formatMoney(c.total_gastado)}</Text>
                </Box>
              </Group>
            );
          })}
        </Stack>
      )}
    </Paper>
  );
}
