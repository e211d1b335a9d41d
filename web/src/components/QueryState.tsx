import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface QueryStateProps {
  /** Nothing to show yet. */
  pending: boolean;
  /** The error of a load that left nothing to show; null when fine. */
  error: Error | null;
  /** Spanish title of the failure, e.g. 'Error al cargar secciones'. */
  errorTitle: string;
  onRetry: () => void;
  children: ReactNode;
}

/** Shows a loader, the load error with a retry button, or the content. */
export function QueryState({ pending, error, errorTitle, onRetry, children }: QueryStateProps) {
  if (error) {
    return (
      <Alert color="red" title={errorTitle} icon={<IconAlertCircle aria-hidden />} role="alert">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{error.message}</Text>
          <Button size="xs" variant="light" color="red" onClick={onRetry}>Reintentar</Button>
        </Stack>
      </Alert>
    );
  }
  if (pending) {
    return (
      <Center py="xl">
        <Loader aria-label="Cargando" />
      </Center>
    );
  }
  return children;
}
