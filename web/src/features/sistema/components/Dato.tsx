import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A read-only figure of a card: its label on the left, its value on the right. */
export function Dato({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" role="group" aria-label={label}>
      <Text size="sm" c="dimmed">{label}</Text>
      <Text size="sm" fw={600} ta="right" style={{ overflowWrap: 'anywhere' }}>{children}</Text>
    </Group>
  );
}
