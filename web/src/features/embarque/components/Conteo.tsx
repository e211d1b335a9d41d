import { SimpleGrid, Text } from '@mantine/core';
import { formatNumber } from '@/lib/format';
import type { ConteoEmbarque } from '@/api/embarque';

function Cifra({ label, value, color }: { label: string; value: number; color?: string }) {
  return (
    <div>
      <Text size="sm" c="dimmed">{label}</Text>
      <Text fw={700} fz="xl" c={color} style={{ fontVariantNumeric: 'tabular-nums' }}>{formatNumber(value)}</Text>
    </div>
  );
}

/** Total, boarded and pending tickets side by side; fits a phone's width. */
export function Conteo({ conteo }: { conteo: ConteoEmbarque }) {
  return (
    <SimpleGrid cols={3} spacing="xs">
      <Cifra label="Total" value={conteo.total} />
      <Cifra label="Embarcados" value={conteo.embarcados} color="green.9" />
      <Cifra label="Pendientes" value={conteo.pendientes} color="orange.9" />
    </SimpleGrid>
  );
}
