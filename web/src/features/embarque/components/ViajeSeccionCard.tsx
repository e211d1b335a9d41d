import { Badge, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { formatNumber } from '@/lib/format';
import type { ViajeSeccion } from '@/api/embarque';
import { colorProgreso } from '@/features/embarque/progreso';
import { Conteo } from './Conteo';

/** One section's boarding on one day: counts, a coloured progress bar with its percent, and 'Completo'. */
export function ViajeSeccionCard({ viaje }: { viaje: ViajeSeccion }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div>
            <Text fw={700}>{viaje.seccion_nombre}</Text>
            <Text size="sm" c="dimmed">Capacidad: {formatNumber(viaje.capacidad)} pasajeros</Text>
          </div>
          {viaje.completo && (
            <Badge color="green" size="lg" leftSection={<IconCircleCheck size={16} aria-hidden />}>Completo</Badge>
          )}
        </Group>
        <Conteo conteo={viaje} />
        <Group gap="sm" wrap="nowrap">
          <Progress
            flex={1}
            size="lg"
            radius="xl"
            value={viaje.porcentaje}
            color={colorProgreso(viaje.porcentaje)}
            aria-label={`Embarque de ${viaje.seccion_nombre}`}
          />
          <Text fw={700} w={48} ta="right">{viaje.porcentaje}%</Text>
        </Group>
      </Stack>
    </Paper>
  );
}
