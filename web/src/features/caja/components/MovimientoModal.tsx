import { Group, Modal, Radio, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorDialog } from '@/components/ErrorDialog';
import { FormActions } from '@/components/FormActions';
import { MoneyInput } from '@/components/MoneyInput';
import { mediosPagoActivosQuery } from '@/api/config';
import { notifySuccess } from '@/lib/notify';
import { positiveAmount, requiredText, type NumberValue } from '@/lib/validation';
import { useAgregarMovimiento, type TipoMovimientoManual } from '@/api/caja';

interface Values {
  tipo: TipoMovimientoManual;
  monto: NumberValue;
  descripcion: string;
  medio_pago_id: string | null;
}

const INITIAL: Values = { tipo: 'ingreso_extra', monto: '', descripcion: '', medio_pago_id: null };

/** 'Agregar Movimiento': an extra income or an expense, with an optional payment method. */
export function MovimientoModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const agregar = useAgregarMovimiento();
  const medios = useQuery(mediosPagoActivosQuery);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: INITIAL,
    validate: { monto: positiveAmount, descripcion: requiredText },
  });

  const close = () => {
    form.reset();
    onClose();
  };

  const handleSubmit = form.onSubmit(({ tipo, monto, descripcion, medio_pago_id }) => {
    const input = {
      tipo,
      monto: Math.abs(Number(monto)),
      descripcion: descripcion.trim(),
      ...(medio_pago_id ? { medio_pago_id: Number(medio_pago_id) } : {}),
    };
    agregar.mutate(input, {
      onSuccess: () => {
        notifySuccess('Movimiento registrado exitosamente');
        close();
      },
      onError: (err) => setError(err.message),
    });
  });

  return (
    <>
      <Modal opened={opened && error === null} onClose={close} title="Agregar Movimiento" centered>
        <form onSubmit={handleSubmit} noValidate>
          <Stack>
            <Radio.Group label="Tipo de movimiento" withAsterisk {...form.getInputProps('tipo')}>
              <Group mt="xs">
                <Radio value="ingreso_extra" label="Ingreso extra" data-autofocus />
                <Radio value="egreso_gasto" label="Egreso (gasto)" />
              </Group>
            </Radio.Group>
            <MoneyInput label="Monto" withAsterisk {...form.getInputProps('monto')} />
            <TextInput label="Descripción" withAsterisk {...form.getInputProps('descripcion')} />
            <Select
              label="Medio de pago (opcional)"
              placeholder="Sin medio de pago (efectivo)"
              clearable
              data={(medios.data ?? []).map((m) => ({ value: String(m.id), label: m.nombre }))}
              {...form.getInputProps('medio_pago_id')}
            />
            <FormActions onCancel={close} loading={agregar.isPending} submitLabel="Agregar Movimiento" />
          </Stack>
        </form>
      </Modal>
      <ErrorDialog title="Error al Agregar Movimiento" message={error} onClose={() => setError(null)} />
    </>
  );
}
