import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

interface DatoProps {
  label: string;
  children: ReactNode;
  /** The label's size: 'xs' in dense cards. */
  size?: 'xs' | 'sm';
  /** A figure: the value in bold. */
  strong?: boolean;
  /** The value's colour (e.g. 'red.9' for a negative balance). */
  c?: string;
  /** One line, the label on the left and the value on the right (a settings card's read-only figures). */
  inline?: boolean;
}

/** A read-only label and its value: the label above (or beside, `inline`), dimmed. */
export function Dato({ label, children, size = 'sm', strong, c, inline }: DatoProps) {
  if (inline) {
    return (
      <Group justify="space-between" gap="xs" wrap="nowrap" role="group" aria-label={label}>
        <Text size="sm" c="dimmed">{label}</Text>
        <Text size="sm" fw={600} ta="right" style={{ overflowWrap: 'anywhere' }}>{children}</Text>
      </Group>
    );
  }
  return (
    <div>
      <Text size={size} c="dimmed" fw={600}>{label}</Text>
      <Text component="div" fw={strong ? 700 : undefined} c={c} style={{ overflowWrap: 'anywhere' }}>{children}</Text>
    </div>
  );
}
