import { Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useGuardarEmpresa, type EmpresaCreada, type EmpresaInput, type EmpresaListada } from '@/api/empresas';
import { FormActions } from '@/components/FormActions';
import { errorMessage } from '@/lib/api';
import { notifyError, notifySuccess } from '@/lib/notify';

/** backoffice §5: the companies screen requires both. */
const NOMBRE_Y_RUC = 'Nombre y RUC son obligatorios';

const TIPOS = [
  { value: 'operativa', label: 'Operativa' },
  { value: 'administrativa', label: 'Administrativa' },
];

type Values = Required<Pick<EmpresaInput, 'nombre' | 'ruc' | 'direccion' | 'telefono' | 'email' | 'tipo' | 'timezone' | 'admin_usuario'>>;

interface Props {
  opened: boolean;
  /** The company to edit; undefined creates one. */
  empresa?: EmpresaListada;
  onClose: () => void;
  /** A new company and its administrator's temporary password. */
  onCreated: (creada: EmpresaCreada) => void;
}

function initialValues(e?: EmpresaListada): Values {
  return {
    nombre: e?.nombre ?? '',
    ruc: e?.ruc ?? '',
    direccion: e?.direccion ?? '',
    telefono: e?.telefono ?? '',
    email: e?.email ?? '',
    tipo: e?.tipo ?? 'operativa',
    timezone: e?.timezone ?? 'America/Argentina/Buenos_Aires',
    admin_usuario: '',
  };
}

function EmpresaForm({ empresa, onClose, onCreated }: Omit<Props, 'opened'>) {
  const guardar = useGuardarEmpresa();
  const form = useForm<Values>({
    initialValues: initialValues(empresa),
    validate: { nombre: (v, all) => (v.trim() && all.ruc.trim() ? null : NOMBRE_Y_RUC) },
  });
  const submit = form.onSubmit(async ({ admin_usuario, ...values }) => {
    const input: EmpresaInput = empresa ? { ...values, activo: empresa.activa } : { ...values, admin_usuario };
    try {
      const { data, message } = await guardar.mutateAsync({ id: empresa?.id, input });
      notifySuccess(message ?? 'Empresa guardada');
      if (!empresa) onCreated(data as EmpresaCreada);
      onClose();
    } catch (error) {
      notifyError(errorMessage(error, 'Error al guardar'));
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput label="Nombre" withAsterisk maxLength={100} {...form.getInputProps('nombre')} />
        <TextInput label="RUC" withAsterisk maxLength={30} description="Un CUIT (11 dígitos) se verifica con su dígito verificador" {...form.getInputProps('ruc')} />
        <TextInput label="Dirección" maxLength={200} {...form.getInputProps('direccion')} />
        <Group grow>
          <TextInput label="Teléfono" maxLength={50} {...form.getInputProps('telefono')} />
          <TextInput label="Email" type="email" maxLength={100} {...form.getInputProps('email')} />
        </Group>
        <Group grow>
          <Select label="Tipo" data={TIPOS} allowDeselect={false} {...form.getInputProps('tipo')} />
          <TextInput label="Zona horaria" maxLength={64} {...form.getInputProps('timezone')} />
        </Group>
        {!empresa && (
          <TextInput label="Usuario administrador" description="Vacío: admin_ y el prefijo de la empresa" maxLength={50} {...form.getInputProps('admin_usuario')} />
        )}
        <FormActions onCancel={onClose} loading={guardar.isPending} submitLabel={empresa ? 'Guardar cambios' : 'Crear empresa'} />
      </Stack>
    </form>
  );
}

/** Create or edit a company (super_admin). */
export function EmpresaFormModal({ opened, empresa, onClose, onCreated }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title={empresa ? 'Editar empresa' : 'Nueva empresa'} size="lg">
      {opened && <EmpresaForm key={empresa?.id ?? 'nueva'} empresa={empresa} onClose={onClose} onCreated={onCreated} />}
    </Modal>
  );
}
