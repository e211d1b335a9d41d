import { Button, Group } from '@mantine/core';

interface FormActionsProps {
  /** The secondary button: closes the dialog, or discards the edits ('Resetear'). */
  onCancel: () => void;
  /** Busy while the form saves. */
  loading: boolean;
  submitLabel?: string;
  cancelLabel?: string;
}

/** The action row at the foot of a form: its secondary button and its submit button, at the right. */
export function FormActions({ onCancel, loading, submitLabel = 'Guardar', cancelLabel = 'Cancelar' }: FormActionsProps) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>{cancelLabel}</Button>
      <Button type="submit" loading={loading}>{submitLabel}</Button>
    </Group>
  );
}
