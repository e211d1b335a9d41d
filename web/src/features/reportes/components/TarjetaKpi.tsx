import { Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { textoVariacion } from './formato';

interface TarjetaKpiProps {
  label: string;
  value: ReactNode;
  /** The change against the previous equal period; null when that period had nothing; undefined: not shown. */
  variacion?: number | null;
  /** A rate changes in points, the rest in percent. */
  unidad?: '%' | 'p.p.';
  /** A line under the value (e.g. the best day's sales). */
  note?: ReactNode;
}

/** A report's figure with its change against the previous period, said in text ('▲ +12,5 % vs. período anterior'). */
export function TarjetaKpi({ label, value, variacion, unidad = '%', note }: TarjetaKpiProps) {
  const color = variacion === undefined || variacion === null || variacion === 0 ? 'dimmed' : variacion > 0 ? 'teal.9' : 'red.9';
  return (
    <Paper withBorder p="md" radius="md" role="group" aria-label={label}>
      <Text size="sm" c="dimmed" fw={600}>{label}</Text>
      <Text fz={{ base: 'xl', sm: 26 }} fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>{value}</Text>
      {variacion !== undefined && (
        <Text size="sm" c={color}>
          {textoVariacion(variacion, unidad)}{variacion !== null && ' vs. período anterior'}
        </Text>
      )}
      {note && <Text size="sm" c="dimmed">{note}</Text>}
    </Paper>
  );
}
