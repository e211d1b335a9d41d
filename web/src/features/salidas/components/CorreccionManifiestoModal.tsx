import { Modal, SegmentedControl, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useCorregirManifiesto } from '@/api/salidas';
import { FormActions } from '@/components/FormActions';
import { errorMessage } from '@/lib/api';
import type { Dialog } from '@/lib/dialog';
import { notifyError, notifySuccess } from '@/lib/notify';
import { FORM_MESSAGES } from '@/lib/validation';

/** domain.MaxMotivoCorreccion. */
const MAX_MOTIVO = 500;

interface Values {
  accion: 'agregar' | 'quitar';
  tramo: 'ida' | 'vuelta';
  numero: string;
  motivo: string;
}

function CorreccionForm({ salidaId, onDone }: { salidaId: number; onDone: () => void }) {
  const corregir = useCorregirManifiesto();
  const form = useForm<Values>({
    initialValues: { accion: 'agregar', tramo: 'ida', numero: '', motivo: '' },
    validate: {
      numero: (value) => (value.trim() ? null : FORM_MESSAGES.obligatorio),
      motivo: (value) => (value.trim() ? null : 'Indique el motivo de la corrección'),
    },
  });
  const submit = form.onSubmit(async (v) => {
    try {
      const { message } = await corregir.mutateAsync({ salidaId, input: { accion: v.accion, tramo: v.tramo,
        numero_pasaje: v.numero.trim(), motivo: v.motivo.trim() } });
      notifySuccess(message ?? 'Corrección del manifiesto registrada');
      onDone();
    } catch (error) {
      notifyError(errorMessage(error, 'No se pudo corregir el manifiesto'));
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm" c="dimmed">
          El manifiesto quedó congelado al zarpar. La corrección queda registrada con su motivo, quién la hizo y cuándo.
        </Text>
        <div>
          <Text size="sm" fw={500} id="correccion-accion">Acción</Text>
          <SegmentedControl fullWidth aria-labelledby="correccion-accion" data={[
            { value: 'agregar', label: 'Agregar pasajero' }, { value: 'quitar', label: 'Quitar pasajero' },
          ]} {...form.getInputProps('accion')} />
        </div>
        <TextInput label="N° de pasaje" withAsterisk data-autofocus maxLength={50} {...form.getInputProps('numero')} />
        <div>
          <Text size="sm" fw={500} id="correccion-tramo">Tramo del pasaje</Text>
          <Text size="xs" c="dimmed" id="correccion-tramo-ayuda">Un pasaje de solo ida tiene solo el tramo de ida, aunque haya viajado en una vuelta.</Text>
          <SegmentedControl fullWidth aria-labelledby="correccion-tramo" aria-describedby="correccion-tramo-ayuda" data={[
            { value: 'ida', label: 'Ida' }, { value: 'vuelta', label: 'Vuelta' },
          ]} {...form.getInputProps('tramo')} />
        </div>
        <Textarea label="Motivo" withAsterisk rows={3} maxLength={MAX_MOTIVO} {...form.getInputProps('motivo')} />
        <FormActions onCancel={onDone} loading={corregir.isPending} submitLabel="Registrar corrección" />
      </Stack>
    </form>
  );
}

/** 'Corregir manifiesto': add or remove a ticket's leg in a sailed departure's frozen manifest, with a reason. */
export function CorreccionManifiestoModal({ dialog }: { dialog: Dialog<number> }) {
  return (
    <Modal opened={dialog.opened} onClose={dialog.close} title="Corregir manifiesto" centered>
      {dialog.value !== null && <CorreccionForm key={dialog.key} salidaId={dialog.value} onDone={dialog.close} />}
    </Modal>
  );
}
