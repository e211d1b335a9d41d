import { Modal, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useGuardarCliente, type Cliente, type ClienteInput } from '@/api/clientes';
import { FormActions } from '@/components/FormActions';
import { errorMessage } from '@/lib/api';
import type { Dialog } from '@/lib/dialog';
import { configToast } from '@/lib/notify';
import { requiredText } from '@/lib/validation';

type CondicionIVA = NonNullable<ClienteInput['condicion_iva']>;
type Values = Required<Omit<ClienteInput, 'activo' | 'condicion_iva' | 'cuit'>> & { activo: boolean; condicion_iva: CondicionIVA; cuit: string };

/** The customer's IVA conditions, as the invoice names them (the server's domain.CondicionesIVACliente). */
const CONDICIONES: { value: CondicionIVA; label: string }[] = [
  { value: 'consumidor_final', label: 'Consumidor final' },
  { value: 'responsable_inscripto', label: 'Responsable inscripto' },
  { value: 'monotributo', label: 'Monotributista' },
  { value: 'exento', label: 'IVA exento' },
];

/** Said before sending when a condition other than consumidor final has no CUIT (the server's domain.MsgCUITRequerido). */
export const MSG_CUIT_REQUERIDO = 'Un cliente responsable inscripto, monotributista o exento necesita su CUIT';

/** The text fields of the form with their server limits. */
const CAMPOS: { campo: keyof Omit<Values, 'activo' | 'condicion_iva' | 'cuit'>; label: string; max: number; requerido?: boolean; type?: string }[] = [
  { campo: 'nombre', label: 'Nombre', max: 100, requerido: true },
  { campo: 'apellido', label: 'Apellido', max: 100 },
  { campo: 'documento', label: 'Documento', max: 20, requerido: true },
  { campo: 'telefono', label: 'Teléfono', max: 30, type: 'tel' },
  { campo: 'email', label: 'Email', max: 254, type: 'email' },
  { campo: 'direccion', label: 'Dirección', max: 200 },
];

function ClienteForm({ cliente, onDone }: { cliente?: Cliente; onDone: () => void }) {
  const guardar = useGuardarCliente();
  const form = useForm<Values>({
    initialValues: {
      nombre: cliente?.nombre ?? '',
      apellido: cliente?.apellido ?? '',
      documento: cliente?.documento ?? '',
      telefono: cliente?.telefono ?? '',
      email: cliente?.email ?? '',
      direccion: cliente?.direccion ?? '',
      activo: cliente?.activo ?? true,
      condicion_iva: cliente?.condicion_iva ?? 'consumidor_final',
      cuit: cliente?.cuit ?? '',
    },
    validate: {
      nombre: requiredText,
      documento: requiredText,
      cuit: (cuit, { condicion_iva }) => (condicion_iva !== 'consumidor_final' && !cuit.trim() ? MSG_CUIT_REQUERIDO : null),
    },
  });

  const submit = form.onSubmit(async (values) => {
    const input: ClienteInput = { ...values, cuit: values.cuit.trim() };
    for (const { campo } of CAMPOS) input[campo] = values[campo].trim();
    try {
      const { message } = await guardar.mutateAsync({ id: cliente?.id, input });
      configToast.success(message ?? (cliente ? 'Cliente actualizado correctamente' : 'Cliente creado correctamente'));
      onDone();
    } catch (error) {
      configToast.error(errorMessage(error, cliente ? 'Error al actualizar cliente' : 'Error al crear cliente'));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {CAMPOS.map(({ campo, label, max, requerido: obligatorio, type }) => (
            <TextInput
              key={campo}
              label={label}
              type={type}
              withAsterisk={obligatorio}
              maxLength={max}
              data-autofocus={campo === 'nombre' || undefined}
              {...form.getInputProps(campo)}
            />
          ))}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select label="Condición frente al IVA" data={CONDICIONES} allowDeselect={false} {...form.getInputProps('condicion_iva')} />
          <TextInput label="CUIT" description="11 dígitos, con o sin guiones" maxLength={13} inputMode="numeric" autoComplete="off"
            withAsterisk={form.values.condicion_iva !== 'consumidor_final'} {...form.getInputProps('cuit')} />
        </SimpleGrid>
        {cliente && <Switch label="Activo" {...form.getInputProps('activo', { type: 'checkbox' })} />}
        <Text size="sm" c="dimmed">
          Al guardar, el correo y el teléfono quedan confirmados para el portal del cliente: verifíquelos con el cliente y
          su documento.
        </Text>
        <FormActions onCancel={onDone} loading={guardar.isPending} />
      </Stack>
    </form>
  );
}

/** Create or edit modal of a customer; `dialog.value` null means a new one. */
export function ClienteFormModal({ dialog }: { dialog: Dialog<Cliente | null> }) {
  const cliente = dialog.value ?? undefined;
  return (
    <Modal opened={dialog.opened} onClose={dialog.close} title={cliente ? 'Editar cliente' : 'Nuevo cliente'} centered size="lg">
      <ClienteForm key={dialog.key} cliente={cliente} onDone={dialog.close} />
    </Modal>
  );
}
