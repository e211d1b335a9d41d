import { Paper, SimpleGrid, Title } from '@mantine/core';
import type { Caja } from '@/api/caja';
import { Dato } from '@/components/Dato';
import { formatDateTime, formatMoney } from '@/lib/format';

/** The caller's open register: opening amount, current balance (absent for a blind close) and when it opened. */
export function CajaActiva({ caja }: { caja: Caja }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="sm">Caja activa</Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Dato label="Apertura" strong>{formatMoney(caja.monto_apertura)}</Dato>
        {caja.monto_actual !== undefined && (
          <Dato label="Saldo actual" strong c={caja.monto_actual < 0 ? 'red.9' : undefined}>{formatMoney(caja.monto_actual)}</Dato>
        )}
        <Dato label="Abierta el" strong>{formatDateTime(caja.fecha_apertura)}</Dato>
      </SimpleGrid>
    </Paper>
  );
}
