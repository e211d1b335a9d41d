import { Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useAbrirCaja } from '@/api/caja';
import { ApiError } from '@/lib/api';
import { notifySuccess, notifyWarning } from '@/lib/notify';
import { nonNegativeAmount, type NumberValue } from '@/lib/validation';
import { ErrorDialog } from './ErrorDialog';
import { FormActions } from './FormActions';
import { MoneyInput } from './MoneyInput';
import { LazyModal } from './LazyModal';

interface AbrirCajaModalProps {
  opened: boolean;
  onClose: () => void;
}

/** The open-register dialog: opening amount (required, 0 or more) and optional notes. */
export function AbrirCajaModal({ opened, onClose }: AbrirCajaModalProps) {
  const abrir = useAbrirCaja();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<{ monto_apertura: NumberValue; observaciones: string }>({
    initialValues: { monto_apertura: '', observaciones: '' },
    validate: { monto_apertura: nonNegativeAmount },
  });

  const close = () => {
    form.reset();
    onClose();
  };

  const handleSubmit = form.onSubmit(({ monto_apertura, observaciones }) => {
    abrir.mutate({ monto_apertura: Number(monto_apertura), observaciones: observaciones.trim() }, {
      onSuccess: () => {
        notifySuccess('Caja abierta exitosamente');
        close();
      },
      onError: (err) => {
        // ApiError's message is the server's, or the connection text when it sent none.
        if (err instanceof ApiError && err.status === 409) {
          // 409 'Ya tienes una caja abierta': opened elsewhere (another tab or device); the mutation reloads the state.
          notifyWarning(err.message);
          close();
        } else {
          setError(err.message);
        }
      },
    });
  });

  return (
    <>
      <LazyModal opened={opened && error === null} onClose={close} title="Abrir Caja" centered>
        <form onSubmit={handleSubmit} noValidate>
          <Stack>
            <MoneyInput
              label="Monto de apertura"
              description="Efectivo con el que empieza la caja; se controla al cerrarla."
              withAsterisk
              data-autofocus
              {...form.getInputProps('monto_apertura')}
            />
            <Textarea label="Observaciones (opcional)" rows={2} {...form.getInputProps('observaciones')} />
            <FormActions onCancel={close} loading={abrir.isPending} submitLabel="Abrir Caja" />
          </Stack>
        </form>
      </LazyModal>
      <ErrorDialog title="Error al Abrir Caja" message={error} onClose={() => setError(null)} />
    </>
  );
}
