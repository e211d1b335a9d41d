import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Caja } from '@/api/caja';
import { formatMoney } from '@/lib/format';

function Fila({ label, value, strong }: { label: string; value: number; strong?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap" role="listitem" aria-label={label}>
      <Text fw={strong ? 700 : undefined}>{label}</Text>
      <Text fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>{formatMoney(value)}</Text>
    </Group>
  );
}

/**
 * What the register should hold by payment method: the cash in the drawer apart
 * (apertura + cash movements), then each other method; the card, transfer and
 * Mercado Pago sales are not in the drawer.
 */
export function PorMedioPago({ caja }: { caja: Pick<Caja, 'efectivo_esperado' | 'por_medio'> }) {
  // Blind close: no expected figures until the count is submitted.
  if (caja.efectivo_esperado === undefined || caja.por_medio === undefined) return null;
  const otros = caja.por_medio.filter((m) => !m.efectivo && m.esperado !== 0);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="por-medio-titulo">
      <Title order={2} size="h4" mb="sm" id="por-medio-titulo">Por medio de pago</Title>
      <Stack gap={6} role="list">
        <Fila label="Efectivo en caja" value={caja.efectivo_esperado} strong />
        {otros.map((m) => <Fila key={m.medio_pago_id} label={m.nombre} value={m.esperado} />)}
        {otros.length === 0 && <Text size="sm" c="dimmed">Sin ventas con otros medios de pago.</Text>}
      </Stack>
    </Paper>
  );
}
