import { Stack, Text, ThemeIcon } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface EmptyStateProps {
  icon: Icon;
  title: string;
  message?: string;
  /** A button that fills the gap, e.g. 'Nueva sección'. */
  children?: ReactNode;
}

/** What a list shows when it has nothing yet. */
export function EmptyState({ icon: EmptyIcon, title, message, children }: EmptyStateProps) {
  return (
    <Stack align="center" gap="xs" py="xl" ta="center">
      <ThemeIcon size={48} radius="xl" variant="light" color="gray">
        <EmptyIcon size={28} aria-hidden />
      </ThemeIcon>
      <Text fw={600}>{title}</Text>
      {message && <Text c="dimmed" size="sm">{message}</Text>}
      {children}
    </Stack>
  );
}
