import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { reloadPage } from '@/lib/browser';

interface DashboardErrorProps {
  error: Error;
  onRetry: () => void;
  /** Spanish title; the dashboards say 'Error al obtener estadísticas' (operaciones §8). */
  title?: string;
}

/** The error box of a dashboard that could not load: the server's message, Reintentar and Recargar Página. */
export function DashboardError({ error, onRetry, title = 'Error al obtener estadísticas' }: DashboardErrorProps) {
  return (
    <Alert color="red" title={title} icon={<IconAlertCircle aria-hidden />} role="alert">
      <Text size="sm">{error.message}</Text>
      <Group mt="sm" gap="xs">
        <Button size="xs" variant="light" color="red" onClick={onRetry}>Reintentar</Button>
        <Button size="xs" variant="subtle" color="red" onClick={reloadPage}>Recargar Página</Button>
      </Group>
    </Alert>
  );
}
