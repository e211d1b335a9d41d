import { Button, Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { LazyModal } from './LazyModal';

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  /** What will happen, in plain words. */
  children: ReactNode;
  /** Label of the confirming (red) button. */
  confirmLabel: string;
  /** Label of the button that leaves things as they are ('Cancelar'). */
  cancelLabel?: string;
  /** Shows the confirming button as busy. */
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before a destructive action; the focus starts on Cancelar (or `cancelLabel`). */
export function ConfirmDialog({ opened, title, children, confirmLabel, cancelLabel = 'Cancelar', loading, onConfirm, onClose }: ConfirmDialogProps) {
  return (
    <LazyModal opened={opened} onClose={onClose} title={title} centered>
      <Stack>
        {children}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>{cancelLabel}</Button>
          {/* red.8: white text on it meets WCAG AA */}
          <Button color="red.8" onClick={onConfirm} loading={loading}>{confirmLabel}</Button>
        </Group>
      </Stack>
    </LazyModal>
  );
}
