import { Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';

interface StatCardProps {
  label: string;
  value: ReactNode;
  /** Colour of the value (e.g. red for a negative balance). */
  color?: string;
  /** A short line under the value; say in words what the colour says. */
  note?: string;
}

/** A figure with its label: amounts and counts on dashboards and the register screen. */
export function StatCard({ label, value, color, note }: StatCardProps) {
  return (
    <Paper withBorder p="md" radius="md" role="group" aria-label={label}>
      <Text size="sm" c="dimmed" fw={600}>{label}</Text>
      <Text fz={{ base: 'xl', sm: 26 }} fw={700} c={color} style={{ fontVariantNumeric: 'tabular-nums' }}>{value}</Text>
      {note && <Text size="sm" c={color}>{note}</Text>}
    </Paper>
  );
}
