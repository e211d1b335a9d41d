import { ActionIcon, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useAsignarTripulacion, type TripulanteNuevo, type TripulanteSalida } from '@/api/salidas';
import { usuariosBasicosQuery } from '@/api/usuarios';
import { FormActions } from '@/components/FormActions';
import { errorMessage } from '@/lib/api';
import type { Dialog } from '@/lib/dialog';
import { notifyError, notifySuccess } from '@/lib/notify';

/** domain.MaxTripulantes, domain.MaxNombreTripulante. */
const MAX_TRIPULANTES = 20;
const MAX_NOMBRE = 100;

const FUNCIONES = [
  { value: 'patron', label: 'Patrón' },
  { value: 'marinero', label: 'Marinero' },
  { value: 'auxiliar', label: 'Auxiliar' },
];

/** A roster row as the form holds it: a user (its id as text, null for none) or a name typed. */
interface Fila {
  usuario: string | null;
  nombre: string;
  funcion: TripulanteNuevo['funcion'];
}

/** The departure whose roster is edited, with the roster it has. */
export interface TripulacionAEditar {
  salidaId: number;
  tripulacion: TripulanteSalida[];
}

function filasDe(ts: TripulanteSalida[]): Fila[] {
  if (ts.length === 0) return [{ usuario: null, nombre: '', funcion: 'patron' }];
  return ts.map((t) => ({ usuario: t.usuario_id ? String(t.usuario_id) : null, nombre: t.usuario_id ? '' : t.nombre, funcion: t.funcion }));
}

function TripulacionForm({ value, onDone }: { value: TripulacionAEditar; onDone: () => void }) {
  const asignar = useAsignarTripulacion();
  const usuarios = useQuery(usuariosBasicosQuery);
  const opciones = (usuarios.data ?? []).map((u) => ({
    value: String(u.id), label: `${`${u.nombre} ${u.apellido}`.trim() || u.nombre_usuario} (${u.nombre_usuario})`,
  }));
  const form = useForm<{ filas: Fila[] }>({
    initialValues: { filas: filasDe(value.tripulacion) },
    validate: {
      filas: {
        nombre: (nombre, values, path) => {
          const i = Number(path.split('.')[1]);
          return values.filas[i].usuario || nombre.trim() ? null : 'Elija un usuario o escriba el nombre';
        },
      },
    },
  });
  const submit = form.onSubmit(async (v) => {
    const tripulantes: TripulanteNuevo[] = v.filas.map((f) => (f.usuario
      ? { usuario_id: Number(f.usuario), funcion: f.funcion }
      : { nombre: f.nombre.trim(), funcion: f.funcion }));
    try {
      const { message } = await asignar.mutateAsync({ salidaId: value.salidaId, tripulantes });
      notifySuccess(message ?? 'Tripulación guardada');
      onDone();
    } catch (error) {
      notifyError(errorMessage(error, 'No se pudo guardar la tripulación'));
    }
  });
  const filas = form.values.filas;
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm" c="dimmed">
          La tripulación figura en el rol de pasajeros que firma el patrón. Elija a cada tripulante entre los usuarios de la
          empresa o escriba su nombre. Al zarpar queda congelada con el manifiesto.
        </Text>
        {filas.map((f, i) => (
          <Group key={i} align="flex-end" gap="xs" wrap="wrap" role="group" aria-label={`Tripulante ${i + 1}`}>
            <Select label="Usuario" placeholder="Sin usuario" clearable searchable data={opciones} style={{ flex: '1 1 11rem' }}
              data-autofocus={i === 0 || undefined} {...form.getInputProps(`filas.${i}.usuario`)} />
            <TextInput label="Nombre" placeholder="Si no es un usuario" maxLength={MAX_NOMBRE} disabled={f.usuario !== null}
              style={{ flex: '1 1 10rem' }} {...form.getInputProps(`filas.${i}.nombre`)} />
            <Select label="Función" data={FUNCIONES} allowDeselect={false} style={{ flex: '0 0 8rem' }}
              {...form.getInputProps(`filas.${i}.funcion`)} />
            <ActionIcon variant="subtle" color="red" size="lg" aria-label={`Quitar tripulante ${i + 1}`} disabled={filas.length === 1}
              onClick={() => form.removeListItem('filas', i)}>
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <Button variant="default" size="sm" leftSection={<IconPlus size={16} aria-hidden />} disabled={filas.length >= MAX_TRIPULANTES}
            onClick={() => form.insertListItem('filas', { usuario: null, nombre: '', funcion: 'marinero' } satisfies Fila)}>
            Agregar tripulante
          </Button>
        </Group>
        <FormActions onCancel={onDone} loading={asignar.isPending} submitLabel="Guardar tripulación" />
      </Stack>
    </form>
  );
}

/** 'Tripulación': the crew roster of a departure that has not sailed (supervisors and admins). */
export function TripulacionModal({ dialog }: { dialog: Dialog<TripulacionAEditar> }) {
  return (
    <Modal opened={dialog.opened} onClose={dialog.close} title="Tripulación de la salida" size="xl" centered>
      {dialog.value !== null && <TripulacionForm key={dialog.key} value={dialog.value} onDone={dialog.close} />}
    </Modal>
  );
}
