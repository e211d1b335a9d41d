import { Button, Group, Modal, Text } from '@mantine/core';

interface ErrorDialogProps {
  /** The error's message; the dialog is open while it is not null. */
  message: string | null;
  title: string;
  onClose: () => void;
}

/** A dialog that reports a failed action (e.g. 'Error al Abrir Caja') until the user acknowledges it. */
export function ErrorDialog({ message, title, onClose }: ErrorDialogProps) {
  return (
    <Modal opened={message !== null} onClose={onClose} title={title} centered size="sm">
      <Text role="alert">{message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button color="red" onClick={onClose} data-autofocus>Aceptar</Button>
      </Group>
    </Modal>
  );
}
