import { Alert, Button, Group, Modal, NumberInput, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useAjustarPuntos } from '@/api/puntos';
import { errorMessage } from '@/lib/api';
import { configToast } from '@/lib/notify';
import { FORM_MESSAGES, type NumberValue } from '@/lib/validation';

/** The server's bound of one adjustment, either way. */
const MAX_AJUSTE = 1_000_000_000;

interface Valores {
  puntos: NumberValue;
  motivo: string;
  descripcion: string;
}

const VACIO: Valores = { puntos: '', motivo: '', descripcion: '' };

interface AjustarPuntosModalProps {
  clienteId: number;
  cliente: string;
  opened: boolean;
  onClose: () => void;
}

/** Adds (positive) or takes (negative) a customer's points by hand, with its reason (admin only, backoffice §6). */
export function AjustarPuntosModal({ clienteId, cliente, opened, onClose }: AjustarPuntosModalProps) {
  const ajustar = useAjustarPuntos();
  const form = useForm<Valores>({
    initialValues: VACIO,
    validate: {
      puntos: (v) => {
        if (v === '') return FORM_MESSAGES.obligatorio;
        const n = Number(v);
        if (!Number.isInteger(n)) return 'Debe ser un número entero';
        if (n === 0) return 'El ajuste no puede ser 0';
        return Math.abs(n) > MAX_AJUSTE ? 'El ajuste es demasiado grande' : null;
      },
      motivo: (v) => (v.trim() ? null : 'El motivo es obligatorio'),
    },
  });
  const { reset } = form;
  const { reset: olvidarError } = ajustar;
  useEffect(() => {
    if (!opened) return;
    reset();
    olvidarError();
  }, [opened, reset, olvidarError]);

  const enviar = form.onSubmit((v) => {
    ajustar.mutate({ cliente_id: clienteId, puntos: Number(v.puntos), motivo: v.motivo.trim(), descripcion: v.descripcion.trim() }, {
      onSuccess: (r) => {
        configToast.success(r.message ?? 'Puntos ajustados exitosamente');
        onClose();
      },
    });
  });

  return (
    <Modal opened={opened} onClose={onClose} title={`Ajustar puntos de ${cliente}`}>
      <form onSubmit={enviar} noValidate>
        <Stack>
          {ajustar.isError && <Alert color="red" role="alert">{errorMessage(ajustar.error, 'Error ajustando puntos')}</Alert>}
          <NumberInput
            label="Puntos"
            description="Positivo suma, negativo resta (ej.: -50)"
            withAsterisk
            allowDecimal={false}
            thousandSeparator="."
            decimalSeparator=","
            data-autofocus
            {...form.getInputProps('puntos')}
          />
          <TextInput label="Motivo" withAsterisk maxLength={200} {...form.getInputProps('motivo')} />
          <Textarea label="Descripción" maxLength={500} rows={2} {...form.getInputProps('descripcion')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>Cancelar</Button>
            <Button type="submit" loading={ajustar.isPending}>Ajustar puntos</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
