import { Input, Modal, SegmentedControl, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { seccionesActivasQuery } from '@/api/config';
import { embarcacionesQuery, useCrearSalidaExtra } from '@/api/salidas';
import { FechaInput } from '@/components/FechaInput';
import { FormActions } from '@/components/FormActions';
import { errorMessage } from '@/lib/api';
import { useHoy } from '@/lib/dates';
import type { Dialog } from '@/lib/dialog';
import { notifyError, notifySuccess } from '@/lib/notify';
import { FORM_MESSAGES } from '@/lib/validation';
import { HORA_VALIDA, MSG_HORA } from '@/features/salidas/estado';

interface Values {
  seccion: string | null;
  embarcacion: string | null;
  fecha: string;
  hora: string;
  sentido: 'ida' | 'vuelta';
}

const SENTIDOS = [{ value: 'ida', label: 'Ida' }, { value: 'vuelta', label: 'Vuelta' }];

function SalidaExtraForm({ fecha, onDone }: { fecha: string; onDone: () => void }) {
  const crear = useCrearSalidaExtra();
  const hoy = useHoy();
  const secciones = useQuery(seccionesActivasQuery);
  const embarcaciones = useQuery(embarcacionesQuery);
  const form = useForm<Values>({
    initialValues: { seccion: null, embarcacion: null, fecha: fecha < hoy ? hoy : fecha, hora: '', sentido: 'ida' },
    validate: {
      seccion: (value) => (value ? null : FORM_MESSAGES.obligatorio),
      embarcacion: (value) => (value ? null : FORM_MESSAGES.obligatorio),
      fecha: (value) => (value ? null : FORM_MESSAGES.obligatorio),
      hora: (value) => (HORA_VALIDA.test(value.trim()) ? null : MSG_HORA),
    },
  });
  const submit = form.onSubmit(async (v) => {
    try {
      const { message } = await crear.mutateAsync({ seccion_id: Number(v.seccion), embarcacion_id: Number(v.embarcacion),
        fecha: v.fecha, hora: v.hora.trim(), sentido: v.sentido });
      notifySuccess(message ?? 'Salida extra creada');
      onDone();
    } catch (error) {
      notifyError(errorMessage(error, 'No se pudo crear la salida'));
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Select label="Sección" withAsterisk data-autofocus
          data={(secciones.data ?? []).map((s) => ({ value: String(s.id), label: s.nombre }))} {...form.getInputProps('seccion')} />
        <Input.Wrapper label="Sentido">
          <SegmentedControl aria-label="Sentido" data={SENTIDOS} fullWidth {...form.getInputProps('sentido')} />
        </Input.Wrapper>
        <Select label="Embarcación" withAsterisk
          data={(embarcaciones.data ?? []).filter((b) => b.activo).map((b) => ({ value: String(b.id), label: `${b.nombre} (${b.matricula})` }))}
          {...form.getInputProps('embarcacion')} />
        <FechaInput label="Fecha" withAsterisk min={hoy} mensajeMin="La salida no puede ser en una fecha pasada" value={form.values.fecha}
          onChange={(f) => form.setFieldValue('fecha', f)} error={form.errors.fecha} />
        <TextInput label="Hora" placeholder="HH:MM" withAsterisk maxLength={5} {...form.getInputProps('hora')} />
        <FormActions onCancel={onDone} loading={crear.isPending} submitLabel="Abrir salida" />
      </Stack>
    </form>
  );
}

/** 'Salida extra': a departure opened on the spot, on the date shown (or today). */
export function SalidaExtraModal({ dialog }: { dialog: Dialog<string> }) {
  return (
    <Modal opened={dialog.opened} onClose={dialog.close} title="Salida extra" centered>
      {dialog.value && <SalidaExtraForm key={dialog.key} fecha={dialog.value} onDone={dialog.close} />}
    </Modal>
  );
}
