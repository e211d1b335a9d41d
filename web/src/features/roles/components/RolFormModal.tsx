import { CheckIcon, ColorSwatch, Group, Modal, Radio, Select, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useGuardarRol, type PermisosRol, type PlantillaRol, type Rol, type RolInput } from '@/api/roles';
import { FormActions } from '@/components/FormActions';
import { errorMessage } from '@/lib/api';
import { rolesModulosToast } from '@/lib/notify';
import { matrizDe } from '@/features/roles/matriz';
import { PermisosMatrix } from './PermisosMatrix';

/** Limits checked by the server too. */
const MAX_NOMBRE = 50;
const MAX_DESCRIPCION = 500;

/** The role form's values. */
export interface RolValues {
  nombre: string;
  descripcion: string;
  nivel_jerarquico: string;
  color_badge: string;
  icono: string;
  activo: boolean;
  permisos: PermisosRol;
}

function valuesDe(rol: Rol, catalogo: Record<string, string[]>): RolValues {
  return {
    nombre: rol.nombre,
    descripcion: rol.descripcion,
    nivel_jerarquico: String(rol.nivel_jerarquico),
    color_badge: rol.color_badge,
    icono: rol.icono,
    activo: rol.activo,
    permisos: matrizDe(rol.permisos, catalogo),
  };
}

interface RolFormProps {
  plantilla: PlantillaRol;
  /** The role to edit; undefined creates one from the spec's default new role. */
  rol?: Rol;
  onDone: () => void;
}

function RolForm({ plantilla, rol, onDone }: RolFormProps) {
  const guardar = useGuardarRol();
  const integrado = rol?.integrado ?? false;
  const form = useForm<RolValues>({
    initialValues: valuesDe(rol ?? plantilla.rol_nuevo, plantilla.catalogo),
    validate: {
      nombre: (v) => (v.trim() ? null : 'El nombre del rol es requerido'),
      nivel_jerarquico: (v) => (v ? null : 'El nivel jerárquico es requerido'),
    },
  });

  const submit = form.onSubmit(async (v) => {
    try {
      // The colour and the icon are picked among the template's (the server's lists, the contract's enums).
      const input = {
        ...v, nombre: v.nombre.trim(), descripcion: v.descripcion.trim(), nivel_jerarquico: Number(v.nivel_jerarquico),
        color_badge: v.color_badge as RolInput['color_badge'], icono: v.icono as RolInput['icono'],
      };
      const { message } = await guardar.mutateAsync({ id: rol?.id, input });
      rolesModulosToast.success(message ?? (rol ? 'Rol actualizado exitosamente' : 'Rol creado exitosamente'));
      onDone();
    } catch (error) {
      rolesModulosToast.error(errorMessage(error, 'Error al guardar rol'));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {integrado && <Text size="sm" c="dimmed">Rol del sistema: su nombre, nivel y estado no se cambian.</Text>}
        <TextInput label="Nombre" withAsterisk maxLength={MAX_NOMBRE} disabled={integrado} data-autofocus {...form.getInputProps('nombre')} />
        <Textarea label="Descripción" rows={2} maxLength={MAX_DESCRIPCION} {...form.getInputProps('descripcion')} />
        <Select
          label="Nivel jerárquico"
          withAsterisk
          disabled={integrado}
          allowDeselect={false}
          data={plantilla.niveles.map((n) => ({ value: String(n.nivel), label: `${n.nivel} - ${n.nombre}` }))}
          {...form.getInputProps('nivel_jerarquico')}
        />
        <Radio.Group label="Color" {...form.getInputProps('color_badge')}>
          <Group gap="xs" mt={4}>
            {plantilla.colores.map((color) => (
              <Radio.Card key={color} value={color} aria-label={`Color ${color}`} w="auto" radius="xl" withBorder={false}>
                <ColorSwatch color={color} size={28}>
                  {form.values.color_badge === color && <CheckIcon color="white" size={12} />}
                </ColorSwatch>
              </Radio.Card>
            ))}
          </Group>
        </Radio.Group>
        <Radio.Group label="Icono" {...form.getInputProps('icono')}>
          <Group gap="xs" mt={4}>
            {plantilla.iconos.map((icono) => (
              <Radio.Card key={icono} value={icono} aria-label={`Icono ${icono}`} w={44} p={6} ta="center" radius="md"
                bg={form.values.icono === icono ? 'blue.1' : undefined}>
                <span aria-hidden>{icono}</span>
              </Radio.Card>
            ))}
          </Group>
        </Radio.Group>
        <Text fw={600}>Permisos</Text>
        <PermisosMatrix form={form} catalogo={plantilla.catalogo} />
        <Switch label="Activo" disabled={integrado} {...form.getInputProps('activo', { type: 'checkbox' })} />
        <FormActions onCancel={onDone} loading={guardar.isPending} />
      </Stack>
    </form>
  );
}

interface RolFormModalProps {
  opened: boolean;
  /** Changes on every opening: the form starts afresh. */
  formKey: number;
  rol: Rol | null;
  plantilla: PlantillaRol | undefined;
  onClose: () => void;
}

/** Create or edit modal of a role. */
export function RolFormModal({ opened, formKey, rol, plantilla, onClose }: RolFormModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={rol ? `Editar rol ${rol.nombre}` : 'Nuevo Rol'} size="xl" centered>
      {plantilla && <RolForm key={formKey} plantilla={plantilla} rol={rol ?? undefined} onDone={onClose} />}
    </Modal>
  );
}
