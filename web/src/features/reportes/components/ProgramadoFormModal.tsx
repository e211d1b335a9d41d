import { Alert, Input, Modal, SegmentedControl, Select, Stack, TagsInput, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import {
  useGuardarProgramado, type FormatoProgramado, type NuevoProgramado, type ReporteProgramado, type TipoProgramado,
} from '@/api/reportesEnvios';
import { FormActions } from '@/components/FormActions';
import { FORMATOS_PROGRAMADO, formatHora, MAX_DESTINATARIOS, TIPOS_PROGRAMADO } from '@/features/reportes/programados';
import { errorMessage } from '@/lib/api';
import type { Dialog } from '@/lib/dialog';
import { notifySuccess } from '@/lib/notify';
import { esEmail, useSugerenciasDestinatarios } from './destinatarios';

/** The server's messages of a schedule, checked here first. */
const MSG_PROGRAMADO = {
  sinDestinatarios: 'Indicá al menos un destinatario',
  demasiados: `Hasta ${MAX_DESTINATARIOS} destinatarios`,
  emailInvalido: (x: string) => `Formato de email inválido: ${x}`,
  asuntoObligatorio: 'El asunto es obligatorio',
} as const;

const OPCIONES_TIPO = Object.entries(TIPOS_PROGRAMADO).map(([value, { label }]) => ({ value, label }));
const OPCIONES_HORA = Array.from({ length: 24 }, (_, h) => ({ value: String(h), label: formatHora(h) }));

interface Valores {
  tipo: TipoProgramado;
  formato: FormatoProgramado;
  hora: string;
  destinatarios: string[];
  asunto: string;
}

const NUEVO: Valores = {
  tipo: 'cajas_diario', formato: 'pdf', hora: '7', destinatarios: [], asunto: TIPOS_PROGRAMADO.cajas_diario.asunto,
};

const valoresDe = (p: ReporteProgramado): Valores =>
  ({ tipo: p.tipo, formato: p.formato, hora: String(p.hora), destinatarios: p.destinatarios, asunto: p.asunto });

function validarDestinatarios(destinatarios: string[]): string | null {
  if (destinatarios.length === 0) return MSG_PROGRAMADO.sinDestinatarios;
  if (destinatarios.length > MAX_DESTINATARIOS) return MSG_PROGRAMADO.demasiados;
  const invalido = destinatarios.find((d) => !esEmail(d));
  return invalido === undefined ? null : MSG_PROGRAMADO.emailInvalido(invalido);
}

/** The form of a new schedule (`programado` null) or of one to edit; a failed save keeps it open with the reason. */
function FormularioProgramado({ programado, onClose }: { programado: ReporteProgramado | null; onClose: () => void }) {
  const guardar = useGuardarProgramado();
  const sugerencias = useSugerenciasDestinatarios();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Valores>({
    initialValues: programado ? valoresDe(programado) : NUEVO,
    validate: {
      destinatarios: validarDestinatarios,
      asunto: (v) => (v.trim() ? null : MSG_PROGRAMADO.asuntoObligatorio),
    },
  });

  // A subject still the kind's own follows the kind; one the user wrote stays.
  const cambiarTipo = (tipo: string | null) => {
    if (!tipo) return;
    const siguiente = tipo as TipoProgramado;
    if (form.values.asunto === TIPOS_PROGRAMADO[form.values.tipo].asunto) form.setFieldValue('asunto', TIPOS_PROGRAMADO[siguiente].asunto);
    form.setFieldValue('tipo', siguiente);
  };

  const handleSubmit = form.onSubmit(async ({ tipo, formato, hora, destinatarios, asunto }) => {
    const input: NuevoProgramado = { tipo, formato, hora: Number(hora), destinatarios, asunto: asunto.trim() };
    setError(null);
    try {
      // An edit keeps the schedule active or paused, as it was.
      const { message } = await guardar.mutateAsync(programado
        ? { id: programado.id, input: { ...input, activo: programado.activo } }
        : { input });
      notifySuccess(message ?? 'Envío programado guardado');
      onClose();
    } catch (err) {
      setError(errorMessage(err, 'Error al guardar el envío programado'));
    }
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack>
        {error && <Alert color="red" title="No se pudo guardar" role="alert">{error}</Alert>}
        <Select label="Tipo de reporte" data={OPCIONES_TIPO} allowDeselect={false} withAsterisk data-autofocus
          description={TIPOS_PROGRAMADO[form.values.tipo].descripcion} value={form.values.tipo} onChange={cambiarTipo} />
        <Input.Wrapper label="Formato" labelElement="div">
          <div>
            <SegmentedControl aria-label="Formato" data={FORMATOS_PROGRAMADO} {...form.getInputProps('formato')} />
          </div>
        </Input.Wrapper>
        <Select label="Hora" description="Hora de la empresa" data={OPCIONES_HORA} allowDeselect={false} withAsterisk
          maxDropdownHeight={240} {...form.getInputProps('hora')} />
        <TagsInput label="Destinatarios" description={`Hasta ${MAX_DESTINATARIOS} direcciones; Enter o coma para agregar cada una`}
          withAsterisk splitChars={[',', ';', ' ']} clearable {...sugerencias}
          {...form.getInputProps('destinatarios')} />
        <TextInput label="Asunto" withAsterisk maxLength={200} {...form.getInputProps('asunto')} />
        <FormActions onCancel={onClose} loading={guardar.isPending} />
      </Stack>
    </form>
  );
}

/** 'Nuevo envío programado' / 'Editar envío programado': the dialog's value is the schedule to edit, null for a new one. */
export function ProgramadoFormModal({ dialog }: { dialog: Dialog<ReporteProgramado | null> }) {
  return (
    <Modal opened={dialog.opened} onClose={dialog.close} title={dialog.value ? 'Editar envío programado' : 'Nuevo envío programado'} centered>
      <FormularioProgramado key={dialog.key} programado={dialog.value} onClose={dialog.close} />
    </Modal>
  );
}
