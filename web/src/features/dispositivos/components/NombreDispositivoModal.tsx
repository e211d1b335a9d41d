import { Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { FormActions } from '@/components/FormActions';
import { errorMessage } from '@/lib/api';
import type { Dialog } from '@/lib/dialog';
import { configToast } from '@/lib/notify';
import { requiredText } from '@/lib/validation';

/** A device's name, as long as the server takes it. */
export const MAX_NOMBRE_DISPOSITIVO = 60;

interface NombreDispositivoModalProps<T> {
  /** Opened with what is named: a device to rename, or null to register this browser. */
  dialog: Dialog<T>;
  /** The name the field starts with. */
  nombreInicial: string;
  title: string;
  submitLabel: string;
  /** The toast when the server gives no message of its own, and when it fails. */
  exito: string;
  fallo: string;
  loading: boolean;
  /** Saves the trimmed name of what the dialog holds; resolves with the message to show. */
  onGuardar: (nombre: string, valor: T) => Promise<string | null>;
}

type NombreFormProps<T> = Omit<NombreDispositivoModalProps<T>, 'dialog' | 'title'> & { valor: T; onDone: () => void };

function NombreForm<T>({ valor, nombreInicial, submitLabel, exito, fallo, loading, onGuardar, onDone }: NombreFormProps<T>) {
  const form = useForm({ initialValues: { nombre: nombreInicial }, validate: { nombre: requiredText } });
  const submit = form.onSubmit(async ({ nombre }) => {
    try {
      configToast.success((await onGuardar(nombre.trim(), valor)) ?? exito);
      onDone();
    } catch (error) {
      configToast.error(errorMessage(error, fallo));
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label="Nombre del dispositivo"
          description="Por ejemplo, dónde se usa: 'Boletería norte', 'Celular de proa'"
          withAsterisk
          maxLength={MAX_NOMBRE_DISPOSITIVO}
          data-autofocus
          {...form.getInputProps('nombre')}
        />
        <FormActions onCancel={onDone} loading={loading} submitLabel={submitLabel} />
      </Stack>
    </form>
  );
}

/** Asks for a device's name: to register this browser, or to rename a device. */
export function NombreDispositivoModal<T>({ dialog, title, ...props }: NombreDispositivoModalProps<T>) {
  return (
    <Modal opened={dialog.opened} onClose={dialog.close} title={title} centered>
      <NombreForm key={dialog.key} valor={dialog.value as T} onDone={dialog.close} {...props} />
    </Modal>
  );
}
