import { Group, Modal, NumberInput, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useGuardarEmbarcacion, type Embarcacion, type EmbarcacionInput } from '@/api/salidas';
import { FechaInput } from '@/components/FechaInput';
import { FormActions } from '@/components/FormActions';
import { errorMessage } from '@/lib/api';
import type { Dialog } from '@/lib/dialog';
import { configToast } from '@/lib/notify';
import { FORM_MESSAGES, requiredText } from '@/lib/validation';

/** Limits checked by the server too (domain.NormalizarEmbarcacion). */
const MAX_NOMBRE = 100;
const MAX_MATRICULA = 30;
export const MAX_CAPACIDAD_EMBARCACION = 1000;

interface Values {
  nombre: string;
  matricula: string;
  capacidad: number | string;
  conDistribucion: boolean;
  asientos: number | string;
  dePie: number | string;
  vencimiento: string;
  activo: boolean;
}

function entero(value: number | string, min: number, max: number): string | null {
  if (value === '') return FORM_MESSAGES.obligatorio;
  const n = Number(value);
  return Number.isInteger(n) && n >= min && n <= max ? null : `Ingresa un número entero entre ${min} y ${max}`;
}

function toInput(v: Values): EmbarcacionInput {
  const input: EmbarcacionInput = {
    nombre: v.nombre.trim(),
    matricula: v.matricula.trim(),
    capacidad: Number(v.capacidad),
    vencimiento_certificado: v.vencimiento,
    activo: v.activo,
  };
  return v.conDistribucion ? { ...input, asientos: Number(v.asientos), de_pie: Number(v.dePie) } : input;
}

function EmbarcacionForm({ embarcacion, onDone }: { embarcacion?: Embarcacion; onDone: () => void }) {
  const guardar = useGuardarEmbarcacion();
  const form = useForm<Values>({
    initialValues: {
      nombre: embarcacion?.nombre ?? '',
      matricula: embarcacion?.matricula ?? '',
      capacidad: embarcacion?.capacidad ?? '',
      conDistribucion: embarcacion?.asientos != null,
      asientos: embarcacion?.asientos ?? '',
      dePie: embarcacion?.de_pie ?? '',
      vencimiento: embarcacion?.vencimiento_certificado ?? '',
      activo: embarcacion?.activo ?? true,
    },
    validate: {
      nombre: requiredText,
      matricula: requiredText,
      capacidad: (value) => entero(value, 1, MAX_CAPACIDAD_EMBARCACION),
      asientos: (value, v) => (v.conDistribucion ? entero(value, 0, MAX_CAPACIDAD_EMBARCACION) : null),
      dePie: (value, v) => {
        if (!v.conDistribucion) return null;
        const error = entero(value, 0, MAX_CAPACIDAD_EMBARCACION);
        if (error) return error;
        return Number(v.asientos) + Number(value) === Number(v.capacidad)
          ? null
          : 'Asientos y de pie deben sumar la capacidad habilitada';
      },
      vencimiento: (value) => (value ? null : FORM_MESSAGES.obligatorio),
    },
  });

  const submit = form.onSubmit(async (values) => {
    try {
      const { message } = await guardar.mutateAsync({ id: embarcacion?.id, input: toInput(values) });
      configToast.success(message ?? 'Cambios guardados');
      onDone();
    } catch (error) {
      configToast.error(errorMessage(error, 'No se pudo guardar la embarcación'));
    }
  });

  const numero = { min: 0, max: MAX_CAPACIDAD_EMBARCACION, clampBehavior: 'none', allowDecimal: false, allowNegative: false,
    thousandSeparator: '.', decimalSeparator: ',' } as const;
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput label="Nombre" withAsterisk maxLength={MAX_NOMBRE} data-autofocus {...form.getInputProps('nombre')} />
        <TextInput label="Matrícula" withAsterisk maxLength={MAX_MATRICULA} {...form.getInputProps('matricula')} />
        <NumberInput
          label="Capacidad habilitada (pasajeros)"
          description="La que autoriza el certificado de Prefectura Naval Argentina."
          withAsterisk
          {...numero}
          min={1}
          {...form.getInputProps('capacidad')}
        />
        <Switch label="Indicar asientos y de pie" {...form.getInputProps('conDistribucion', { type: 'checkbox' })} />
        {form.values.conDistribucion && (
          <Group grow align="flex-start">
            <NumberInput label="Asientos" withAsterisk {...numero} {...form.getInputProps('asientos')} />
            <NumberInput label="De pie" withAsterisk {...numero} {...form.getInputProps('dePie')} />
          </Group>
        )}
        <FechaInput
          label="Vencimiento del certificado"
          description="El último día en que el certificado es válido."
          withAsterisk
          value={form.values.vencimiento}
          onChange={(fecha) => form.setFieldValue('vencimiento', fecha)}
          error={form.errors.vencimiento}
        />
        <Switch
          label="Activa"
          description="Solo las embarcaciones activas se asignan a salidas."
          {...form.getInputProps('activo', { type: 'checkbox' })}
        />
        <FormActions onCancel={onDone} loading={guardar.isPending} />
      </Stack>
    </form>
  );
}

/** Create or edit modal of a boat; `dialog.value` null means a new one. */
export function EmbarcacionFormModal({ dialog }: { dialog: Dialog<Embarcacion | null> }) {
  const embarcacion = dialog.value ?? undefined;
  return (
    <Modal opened={dialog.opened} onClose={dialog.close} title={embarcacion ? 'Editar embarcación' : 'Nueva embarcación'} centered>
      <EmbarcacionForm key={dialog.key} embarcacion={embarcacion} onDone={dialog.close} />
    </Modal>
  );
}
