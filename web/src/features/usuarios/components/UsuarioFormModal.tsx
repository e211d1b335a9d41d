import { Button, Group, Modal, PasswordInput, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useCallback, useState } from 'react';
import {
  generarPasswords, useGuardarUsuario, validarPasswordDe,
  type CredencialesTemporales, type GuardarUsuario, type RolesInfo, type UsuarioGestion,
} from '@/api/usuarios';
import { FormActions } from '@/components/FormActions';
import { PasswordStrength, usePasswordCheck } from '@/components/PasswordStrength';
import { errorMessage } from '@/lib/api';
import type { Dialog } from '@/lib/dialog';
import { useIdempotencyKeys } from '@/lib/idempotency';
import { configToast } from '@/lib/notify';
import { roleLabel, useSession } from '@/lib/session';

/** backoffice §5. */
const MSG = {
  nombreUsuario: 'El nombre de usuario es requerido',
  email: 'El email es requerido para enviar las credenciales',
  emailFormato: 'El formato del email no es válido',
  password: 'La contraseña es requerida',
  rol: 'El rol es requerido',
};
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface Values {
  nombre_usuario: string;
  email: string;
  nombre: string;
  apellido: string;
  telefono: string;
  rol: string;
  activo: boolean;
  password: string;
  auto_generate_password: boolean;
}

function initialValues(usuario: UsuarioGestion | undefined, roles: string[]): Values {
  return {
    nombre_usuario: usuario?.nombre_usuario ?? '',
    email: usuario?.email ?? '',
    nombre: usuario?.nombre ?? '',
    apellido: usuario?.apellido ?? '',
    telefono: usuario?.telefono ?? '',
    rol: usuario?.rol ?? roles[0] ?? '',
    activo: usuario?.activo ?? true,
    password: '',
    auto_generate_password: !usuario,
  };
}

function toInput(v: Values, creating: boolean): GuardarUsuario {
  const input: GuardarUsuario = {
    nombre_usuario: v.nombre_usuario.trim(), email: v.email.trim(), nombre: v.nombre.trim(),
    apellido: v.apellido.trim(), telefono: v.telefono.trim(), rol: v.rol, activo: v.activo,
  };
  if (creating && v.auto_generate_password) return { ...input, auto_generate_password: true };
  return v.password ? { ...input, password: v.password } : input;
}

/** The roles the caller may grant, as the server decides them (`otorgable`). */
function otorgables(info: RolesInfo): string[] {
  return info.rolesDisponibles.filter((r) => r.otorgable).map((r) => r.value);
}

/** The roles offered: those the caller may grant, plus the user's current one. */
function roleOptions(info: RolesInfo, usuario?: UsuarioGestion) {
  const values = new Set(otorgables(info));
  if (usuario) values.add(usuario.rol);
  return info.rolesDisponibles
    .filter((r) => values.has(r.value))
    .map((r) => ({ value: r.value, label: roleLabel(r.label) }));
}

/** Why the role cannot change, or why some roles are not offered (the server's rule); undefined when all are. */
const NOTA_ROL = {
  propio: 'No puedes cambiar tu propio rol',
  pasajero: 'El rol de un pasajero no puede cambiarse (máximo 3 cambios por mes)',
  filtrados: 'Solo se ofrecen roles de nivel inferior al tuyo cuyos permisos tienes',
};

function notaRol(info: RolesInfo, propio: boolean, pasajero: boolean): string | undefined {
  if (propio) return NOTA_ROL.propio;
  if (pasajero) return NOTA_ROL.pasajero;
  return info.rolesDisponibles.some((r) => !r.otorgable) ? NOTA_ROL.filtrados : undefined;
}

interface FormProps {
  info: RolesInfo;
  usuario?: UsuarioGestion;
  onDone: () => void;
  onCredenciales: (c: CredencialesTemporales) => void;
}

function UsuarioForm({ info, usuario, onDone, onCredenciales }: FormProps) {
  const creating = usuario === undefined;
  const guardar = useGuardarUsuario();
  const keys = useIdempotencyKeys();
  const [sugeridas, setSugeridas] = useState<string[]>([]);
  const form = useForm<Values>({
    initialValues: initialValues(usuario, otorgables(info)),
    validate: {
      nombre_usuario: (v) => (v.trim() ? null : MSG.nombreUsuario),
      email: (v) => (!v.trim() ? MSG.email : EMAIL.test(v.trim()) ? null : MSG.emailFormato),
      rol: (v) => (v ? null : MSG.rol),
      password: (v, values) => (creating && !values.auto_generate_password && !v ? MSG.password : null),
    },
  });
  const { nombre_usuario, email, password } = form.values;
  const validate = useCallback(
    (p: string, signal: AbortSignal) => validarPasswordDe({ password: p, nombre_usuario, email }, signal),
    [nombre_usuario, email],
  );
  const verdict = usePasswordCheck(password, validate);
  const pasajero = usuario?.rol === 'pasajero';
  const sesionId = useSession().usuario?.id;
  const propio = usuario !== undefined && usuario.id === sesionId;

  const sugerir = async () => {
    try {
      setSugeridas(await generarPasswords());
    } catch (error) {
      configToast.error(errorMessage(error, 'Error generando contraseñas'));
    }
  };

  const submit = form.onSubmit(async (values) => {
    const input = toInput(values, creating);
    try {
      const { message, credenciales } = await guardar.mutateAsync({ id: usuario?.id, input, key: keys.keyFor(input) });
      keys.reset();
      configToast.success(message ?? 'Cambios guardados');
      onDone();
      if (credenciales) onCredenciales(credenciales);
    } catch (error) {
      configToast.error(errorMessage(error, creating ? 'Error creando usuario' : 'Error actualizando usuario'));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Nombre de usuario" withAsterisk maxLength={50} data-autofocus {...form.getInputProps('nombre_usuario')} />
          <TextInput label="Email" withAsterisk type="email" maxLength={254} {...form.getInputProps('email')} />
          <TextInput label="Nombre" maxLength={100} {...form.getInputProps('nombre')} />
          <TextInput label="Apellido" maxLength={100} {...form.getInputProps('apellido')} />
          <TextInput label="Teléfono" maxLength={30} {...form.getInputProps('telefono')} />
          <Select label="Rol" withAsterisk allowDeselect={false} data={roleOptions(info, usuario)} disabled={pasajero || propio}
            description={notaRol(info, propio, pasajero)} {...form.getInputProps('rol')} />
        </SimpleGrid>
        {creating && (
          <Switch label="Generar contraseña automáticamente"
            description="Temporal: vale 24 horas y se cambia en el primer ingreso."
            {...form.getInputProps('auto_generate_password', { type: 'checkbox' })} />
        )}
        {!(creating && form.values.auto_generate_password) && (
          <>
            <PasswordInput
              label={creating ? 'Contraseña temporal' : 'Nueva contraseña temporal'}
              description={creating ? undefined : 'Déjala vacía para mantener la actual; una nueva cierra sus sesiones.'}
              withAsterisk={creating} maxLength={72} autoComplete="new-password" {...form.getInputProps('password')} />
            <PasswordStrength verdict={verdict} />
            <Group gap="xs">
              <Button variant="light" size="xs" onClick={() => void sugerir()}>Sugerir contraseñas</Button>
              {sugeridas.map((s) => (
                <Button key={s} variant="default" size="xs" ff="monospace" onClick={() => form.setFieldValue('password', s)}>{s}</Button>
              ))}
            </Group>
          </>
        )}
        <Switch label="Activo" description="Un usuario inactivo no puede ingresar; sus sesiones terminan."
          {...form.getInputProps('activo', { type: 'checkbox' })} />
        <FormActions onCancel={onDone} loading={guardar.isPending} />
      </Stack>
    </form>
  );
}

interface ModalProps {
  info: RolesInfo;
  dialog: Dialog<UsuarioGestion | null>;
  onCredenciales: (c: CredencialesTemporales) => void;
}

/** Create or edit modal of a user; `dialog.value` null creates one. */
export function UsuarioFormModal({ info, dialog, onCredenciales }: ModalProps) {
  const usuario = dialog.value ?? undefined;
  return (
    <Modal opened={dialog.opened} onClose={dialog.close} title={usuario ? 'Editar usuario' : 'Nuevo usuario'} centered size="lg">
      <UsuarioForm key={dialog.key} info={info} usuario={usuario} onDone={dialog.close} onCredenciales={onCredenciales} />
    </Modal>
  );
}
