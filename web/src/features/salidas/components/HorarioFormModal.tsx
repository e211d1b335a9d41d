import { Checkbox, Group, Input, Modal, SegmentedControl, Select, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { catalogoQuery } from '@/api/config';
import { DIAS_SEMANA, embarcacionesQuery, useGuardarHorario, type Horario } from '@/api/salidas';
import { FormActions } from '@/components/FormActions';
import { errorMessage } from '@/lib/api';
import type { Dialog } from '@/lib/dialog';
import { configToast } from '@/lib/notify';
import { FORM_MESSAGES } from '@/lib/validation';
import { HORA_VALIDA, MSG_HORA } from '@/features/salidas/estado';

interface Values {
  seccion: string | null;
  hora: string;
  dias: string[];
  embarcacion: string | null;
  activo: boolean;
  sentido: 'ida' | 'vuelta';
}

const SENTIDOS = [{ value: 'ida', label: 'Ida' }, { value: 'vuelta', label: 'Vuelta' }];

function HorarioForm({ horario, onDone }: { horario?: Horario; onDone: () => void }) {
  const guardar = useGuardarHorario();
  const secciones = useQuery(catalogoQuery('secciones'));
  const embarcaciones = useQuery(embarcacionesQuery);
  const form = useForm<Values>({
    initialValues: {
      seccion: horario ? String(horario.seccion_id) : null,
      hora: horario?.hora ?? '',
      dias: (horario?.dias ?? [1, 2, 3, 4, 5, 6, 7]).map(String),
      embarcacion: horario?.embarcacion_id != null ? String(horario.embarcacion_id) : null,
      activo: horario?.activo ?? true,
      sentido: horario?.sentido ?? 'ida',
    },
    validate: {
      seccion: (value) => (value ? null : FORM_MESSAGES.obligatorio),
      hora: (value) => (HORA_VALIDA.test(value.trim()) ? null : MSG_HORA),
      dias: (value) => (value.length > 0 ? null : 'Elige al menos un día'),
    },
  });

  const submit = form.onSubmit(async (v) => {
    try {
      const input = { seccion_id: Number(v.seccion), hora: v.hora.trim(), dias: v.dias.map(Number).sort(), activo: v.activo,
        sentido: v.sentido,
        ...(v.embarcacion ? { embarcacion_id: Number(v.embarcacion) } : {}) };
      const { message } = await guardar.mutateAsync({ id: horario?.id, input });
      configToast.success(message ?? 'Cambios guardados');
      onDone();
    } catch (error) {
      configToast.error(errorMessage(error, 'No se pudo guardar el horario'));
    }
  });

  const opcionesSecciones = (secciones.data ?? []).filter((s) => s.activo || String(s.id) === form.values.seccion)
    .map((s) => ({ value: String(s.id), label: s.nombre }));
  const opcionesBarcos = (embarcaciones.data ?? []).filter((b) => b.activo || String(b.id) === form.values.embarcacion)
    .map((b) => ({ value: String(b.id), label: `${b.nombre} (${b.matricula})` }));
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Select label="Sección" withAsterisk data={opcionesSecciones} data-autofocus {...form.getInputProps('seccion')} />
        <Input.Wrapper label="Sentido">
          <SegmentedControl aria-label="Sentido" data={SENTIDOS} fullWidth {...form.getInputProps('sentido')} />
        </Input.Wrapper>
        <TextInput label="Hora de salida" description="HH:MM, hora de la empresa" placeholder="10:30" withAsterisk maxLength={5}
          {...form.getInputProps('hora')} />
        <Checkbox.Group label="Días" withAsterisk {...form.getInputProps('dias')}>
          <Group mt="xs" gap="sm">
            {DIAS_SEMANA.map((d) => <Checkbox key={d.value} value={String(d.value)} label={d.label} />)}
          </Group>
        </Checkbox.Group>
        <Select label="Embarcación por defecto" placeholder="Sin embarcación" clearable data={opcionesBarcos}
          {...form.getInputProps('embarcacion')} />
        <Switch label="Activo" description="Solo los horarios activos generan salidas." {...form.getInputProps('activo', { type: 'checkbox' })} />
        <FormActions onCancel={onDone} loading={guardar.isPending} />
      </Stack>
    </form>
  );
}

/** Create or edit modal of a timetable row; `dialog.value` null means a new one. */
export function HorarioFormModal({ dialog }: { dialog: Dialog<Horario | null> }) {
  const horario = dialog.value ?? undefined;
  return (
    <Modal opened={dialog.opened} onClose={dialog.close} title={horario ? 'Editar horario' : 'Nuevo horario'} centered>
      <HorarioForm key={dialog.key} horario={horario} onDone={dialog.close} />
    </Modal>
  );
}
