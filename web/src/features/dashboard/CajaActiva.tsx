import { Paper, SimpleGrid, Text, Title } from '@mantine/core';
import type { Caja } from '@/api/caja';
import { formatDateTime, formatMoney } from '@/lib/format';

/** The caller's open register: opening amount, current balance and when it opened. */
export function CajaActiva({ caja }: { caja: Caja }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="sm">Caja activa</Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <div>
          <Text size="sm" c="dimmed" fw={600}>Apertura</Text>
          <Text fw={700}>{formatMoney(caja.monto_apertura)}</Text>
        </div>
        <div>
          <Text size="sm" c="dimmed" fw={600}>Saldo actual</Text>
          <Text fw={700} c={caja.monto_actual < 0 ? 'red.9' : undefined}>{formatMoney(caja.monto_actual)}</Text>
        </div>
        <div>
          <Text size="sm" c="dimmed" fw={600}>Abierta el</Text>
          <Text fw={700}>{formatDateTime(caja.fecha_apertura)}</Text>
        </div>
      </SimpleGrid>
    </Paper>
  );
}
