import { Group, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNombrarPasajero, type PasajeroANombrar } from '@/api/salidas';
import { FormActions } from '@/components/FormActions';
import { errorMessage } from '@/lib/api';
import type { Dialog } from '@/lib/dialog';
import { notifyError, notifySuccess } from '@/lib/notify';

/** domain.MaxNombrePasajero, MaxDocumentoPasajero, MaxNacionalidad. */
const MAX_NOMBRE = 100;
const MAX_DOCUMENTO = 20;
const MAX_NACIONALIDAD = 60;

type TipoDocumento = NonNullable<PasajeroANombrar['documento_tipo']>;
type Sexo = NonNullable<PasajeroANombrar['sexo']>;

const DOCUMENTOS: TipoDocumento[] = ['DNI', 'PASAPORTE', 'CI', 'OTRO'];
const SEXOS = [{ value: '', label: 'Sin indicar' }, { value: 'F', label: 'F' }, { value: 'M', label: 'M' }, { value: 'X', label: 'X' }];

/** The boarded ticket whose passenger is named: its id, number and who the manifest shows now (the buyer). */
export interface PasajeroSinNombre {
  pasajeId: number;
  numero: string;
  comprador: string;
}

interface Values {
  nombre: string;
  documento_tipo: TipoDocumento;
  documento_numero: string;
  nacionalidad: string;
  fecha_nacimiento: string;
  sexo: Sexo | '';
}

function NombrarForm({ value, onDone }: { value: PasajeroSinNombre; onDone: () => void }) {
  const nombrar = useNombrarPasajero();
  const form = useForm<Values>({
    initialValues: { nombre: '', documento_tipo: 'DNI', documento_numero: '', nacionalidad: '', fecha_nacimiento: '', sexo: '' },
    validate: { nombre: (v) => (v.trim() ? null : 'Indique el nombre y apellido del pasajero') },
  });
  const submit = form.onSubmit(async (v) => {
    const numero = v.documento_numero.trim();
    const pasajero: PasajeroANombrar = {
      nombre: v.nombre.trim(),
      ...(numero && { documento_tipo: v.documento_tipo, documento_numero: numero }),
      ...(v.nacionalidad.trim() && { nacionalidad: v.nacionalidad.trim() }),
      ...(v.fecha_nacimiento && { fecha_nacimiento: v.fecha_nacimiento }),
      ...(v.sexo && { sexo: v.sexo }),
    };
    try {
      const { message } = await nombrar.mutateAsync({ pasajeId: value.pasajeId, pasajero });
      notifySuccess(message ?? 'Pasajero guardado');
      onDone();
    } catch (error) {
      notifyError(errorMessage(error, 'No se pudo guardar el pasajero'));
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm" c="dimmed">
          Pasaje {value.numero}, comprado por {value.comprador || 'un cliente sin nombre'}. La sección exige el nombre de cada
          pasajero en el rol: complételo antes de zarpar.
        </Text>
        <TextInput label="Nombre y apellido" withAsterisk data-autofocus maxLength={MAX_NOMBRE} {...form.getInputProps('nombre')} />
        <Group grow align="flex-start">
          <NativeSelect label="Tipo de documento" data={DOCUMENTOS} {...form.getInputProps('documento_tipo')} />
          <TextInput label="Número de documento" maxLength={MAX_DOCUMENTO} {...form.getInputProps('documento_numero')} />
        </Group>
        <Group grow align="flex-start">
          <TextInput label="Nacionalidad" maxLength={MAX_NACIONALIDAD} {...form.getInputProps('nacionalidad')} />
          <TextInput label="Fecha de nacimiento" type="date" {...form.getInputProps('fecha_nacimiento')} />
          <NativeSelect label="Sexo" data={SEXOS} {...form.getInputProps('sexo')} />
        </Group>
        <FormActions onCancel={onDone} loading={nombrar.isPending} submitLabel="Guardar pasajero" />
      </Stack>
    </form>
  );
}

/** 'Nombrar': the passenger of a boarded ticket that names none, for a rol that requires names (supervisors and admins). */
export function NombrarPasajeroModal({ dialog }: { dialog: Dialog<PasajeroSinNombre> }) {
  return (
    <Modal opened={dialog.opened} onClose={dialog.close} title="Nombrar pasajero" centered>
      {dialog.value !== null && <NombrarForm key={dialog.key} value={dialog.value} onDone={dialog.close} />}
    </Modal>
  );
}
