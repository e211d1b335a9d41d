import { Center, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface StatusPageProps {
  icon: Icon;
  color?: string;
  /** Small line above the title (e.g. a greeting). */
  eyebrow?: string;
  title: string;
  message: string;
  /** Extra lines and buttons under the message. */
  children?: ReactNode;
}

/** A centred full message: errors, access denied, not found. */
export function StatusPage({ icon: StatusIcon, color = 'brand', eyebrow, title, message, children }: StatusPageProps) {
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="sm" maw={520} ta="center">
        <ThemeIcon size={64} radius="xl" variant="light" color={color}>
          <StatusIcon size={36} aria-hidden />
        </ThemeIcon>
        {eyebrow && <Text c="dimmed">{eyebrow}</Text>}
        <Title order={1} size="h2">{title}</Title>
        <Text>{message}</Text>
        {children}
      </Stack>
    </Center>
  );
}

/** A row of buttons for StatusPage. */
export function StatusActions({ children }: { children: ReactNode }) {
  return <Group justify="center" mt="sm">{children}</Group>;
}
