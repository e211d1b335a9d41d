import { Button, Group, Text } from '@mantine/core';
import { LazyModal } from './LazyModal';

interface ErrorDialogProps {
  /** The error's message; the dialog is open while it is not null. */
  message: string | null;
  title: string;
  onClose: () => void;
}

/** A dialog that reports a failed action (e.g. 'Error al Abrir Caja') until the user acknowledges it. */
export function ErrorDialog({ message, title, onClose }: ErrorDialogProps) {
  return (
    <LazyModal opened={message !== null} onClose={onClose} title={title} centered size="sm">
      <Text role="alert">{message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button color="red" onClick={onClose} data-autofocus>Aceptar</Button>
      </Group>
    </LazyModal>
  );
}
