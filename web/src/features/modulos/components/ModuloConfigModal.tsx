import { Modal, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { FechaInput } from '@/components/FechaInput';
import { FormActions } from '@/components/FormActions';
import { ApiError } from '@/lib/api';
import { rolesModulosToast } from '@/lib/notify';
import { useGuardarModulo, type ModuloDeEmpresa } from '@/api/modulos';

interface Values {
  configuracion: string;
  /** YYYY-MM-DD, or '' for no expiry (FechaInput takes only real dates). */
  fecha_vencimiento: string;
}

function parseObjeto(texto: string): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(texto || '{}');
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

interface FormProps {
  empresaId: number;
  modulo: ModuloDeEmpresa;
  onDone: () => void;
}

function ConfigForm({ empresaId, modulo, onDone }: FormProps) {
  const guardar = useGuardarModulo(empresaId);
  const estado = modulo.empresaModulos[0];
  const form = useForm<Values>({
    initialValues: {
      configuracion: estado?.configuracion ? JSON.stringify(estado.configuracion, null, 2) : '{}',
      fecha_vencimiento: estado?.fecha_vencimiento ?? '',
    },
    validate: {
      configuracion: (v) => (parseObjeto(v) ? null : 'La configuración debe ser un objeto JSON'),
    },
  });

  const submit = form.onSubmit(async (v) => {
    try {
      const input = { habilitado: estado?.habilitado ?? true, configuracion: parseObjeto(v.configuracion),
        fecha_vencimiento: v.fecha_vencimiento || null };
      const { message } = await guardar.mutateAsync({ moduloId: modulo.id, input });
      rolesModulosToast.success(message ?? `Configuración de ${modulo.nombre} actualizada exitosamente`);
      onDone();
    } catch (error) {
      rolesModulosToast.error(`Error al actualizar configuración: ${error instanceof ApiError ? error.message : ''}`);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Textarea label="Configuración (JSON)" autosize minRows={4} maxRows={12} ff="monospace"
          {...form.getInputProps('configuracion')} />
        <FechaInput label="Fecha de vencimiento" description="Último día en que el módulo funciona; vacío: sin vencimiento."
          clearable value={form.values.fecha_vencimiento} onChange={(fecha) => form.setFieldValue('fecha_vencimiento', fecha)} />
        <FormActions onCancel={onDone} loading={guardar.isPending} />
      </Stack>
    </form>
  );
}

interface ModuloConfigModalProps {
  empresaId: number;
  modulo: ModuloDeEmpresa | null;
  onClose: () => void;
}

/** The configuration and expiry date of one module of a company. */
export function ModuloConfigModal({ empresaId, modulo, onClose }: ModuloConfigModalProps) {
  return (
    <Modal opened={modulo !== null} onClose={onClose} title={`Configurar ${modulo?.nombre ?? ''}`} centered>
      {modulo && <ConfigForm key={modulo.id} empresaId={empresaId} modulo={modulo} onDone={onClose} />}
    </Modal>
  );
}
