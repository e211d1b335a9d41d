import { Modal, NumberInput, Select, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useGuardarItem, type ItemCatalogo, type ItemInput } from '@/api/config';
import { FormActions } from '@/components/FormActions';
import { ApiError, errorMessage } from '@/lib/api';
import type { Dialog } from '@/lib/dialog';
import { configToast } from '@/lib/notify';
import { FORM_MESSAGES, requiredText } from '@/lib/validation';
import type { CatalogoDef } from '@/features/configuracion/catalogos';
import { TIPOS_REFERENCIA, type TipoReferencia } from '@/lib/referenciaPago';
import { MSG_TIPO_CON_MOVIMIENTOS, TIPOS_MEDIO_PAGO, tomaReferencia, type TipoMedioPago } from '@/lib/tipoMedioPago';

/** Limits checked by the server too. */
const MAX_NOMBRE = 100;
const MAX_DESCRIPCION = 500;
const MAX_CAPACIDAD = 10_000;
const MAX_DIAS_VUELTA = 365;

interface Values {
  nombre: string;
  descripcion: string;
  activo: boolean;
  capacidad: number | string;
  /** Sections: every ticket sold names its passenger. */
  requierePasajeros: boolean;
  idaYVuelta: boolean;
  /** Empty: the return boards any day. */
  diasVuelta: number | string;
  referencia: TipoReferencia;
  referenciaObligatoria: boolean;
  /** Payment methods: null until chosen for a new one. */
  tipo: TipoMedioPago | null;
}

/** A payment method offers its reference only when its kind takes one; a list without kinds always does. */
const conReferencia = (def: CatalogoDef, tipo: TipoMedioPago | null) =>
  def.conReferencia === true && (!def.conTipo || (tipo !== null && tomaReferencia(tipo)));

function validarCapacidad(value: number | string): string | null {
  if (value === '') return FORM_MESSAGES.obligatorio;
  const n = Number(value);
  // A section of capacity 0 could never board anyone (the server refuses it too).
  return Number.isInteger(n) && n >= 1 && n <= MAX_CAPACIDAD ? null : `Ingresa un número entero entre 1 y ${MAX_CAPACIDAD}`;
}

function validarDiasVuelta(value: number | string): string | null {
  if (value === '') return null;
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 && n <= MAX_DIAS_VUELTA ? null : `Ingresa un número entero entre 0 y ${MAX_DIAS_VUELTA}`;
}

function toInput(def: CatalogoDef, values: Values): ItemInput {
  const { nombre, descripcion, activo, capacidad, requierePasajeros, idaYVuelta, diasVuelta, referencia, referenciaObligatoria, tipo } = values;
  let input: ItemInput = { nombre: nombre.trim(), descripcion: descripcion.trim(), activo };
  if (def.conTipo && tipo !== null) input = { ...input, tipo };
  if (def.conReferencia) {
    // The server stores both on every save; a method without a reference (or whose kind takes none) cannot require one.
    const ref = conReferencia(def, tipo) ? referencia : 'ninguna';
    input = { ...input, referencia: ref, referencia_obligatoria: ref !== 'ninguna' && referenciaObligatoria };
  }
  if (def.conCapacidad) input = { ...input, capacidad: Number(capacidad), requiere_pasajeros: requierePasajeros };
  if (def.conIdaYVuelta) {
    // The server stores both on every save: no days means no limit for the return.
    input = { ...input, ida_y_vuelta: idaYVuelta };
    if (idaYVuelta && diasVuelta !== '') input = { ...input, dias_vuelta: Number(diasVuelta) };
  }
  return input;
}

interface FormProps {
  def: CatalogoDef;
  /** The entry to edit; undefined creates one. */
  item?: ItemCatalogo;
  onDone: () => void;
}

function CatalogoForm({ def, item, onDone }: FormProps) {
  const guardar = useGuardarItem(def.key);
  /** The server refused changing the kind (the method has register movements): the stored kind stays. */
  const [tipoFijo, setTipoFijo] = useState(false);
  const form = useForm<Values>({
    initialValues: {
      nombre: item?.nombre ?? '',
      descripcion: item?.descripcion ?? '',
      activo: item?.activo ?? true,
      capacidad: item?.capacidad ?? '',
      requierePasajeros: item?.requiere_pasajeros ?? false,
      idaYVuelta: item?.ida_y_vuelta ?? false,
      diasVuelta: item?.dias_vuelta ?? '',
      referencia: (item?.referencia as TipoReferencia | undefined) ?? 'ninguna',
      referenciaObligatoria: item?.referencia_obligatoria ?? false,
      tipo: item?.tipo ?? null,
    },
    validate: {
      nombre: requiredText,
      capacidad: (value) => (def.conCapacidad ? validarCapacidad(value) : null),
      diasVuelta: (value, v) => (def.conIdaYVuelta && v.idaYVuelta ? validarDiasVuelta(value) : null),
      tipo: (value) => (def.conTipo && value === null ? FORM_MESSAGES.obligatorio : null),
    },
  });

  const submit = form.onSubmit(async (values) => {
    try {
      const { message } = await guardar.mutateAsync({ id: item?.id, input: toInput(def, values) });
      configToast.success(message ?? 'Cambios guardados');
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.status === 409 && error.serverMessage === MSG_TIPO_CON_MOVIMIENTOS) {
        setTipoFijo(true);
        form.setFieldValue('tipo', item?.tipo ?? null);
        return;
      }
      configToast.error(errorMessage(error, def.errorGuardar));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput label="Nombre" withAsterisk maxLength={MAX_NOMBRE} data-autofocus {...form.getInputProps('nombre')} />
        <Textarea label="Descripción" rows={3} maxLength={MAX_DESCRIPCION} {...form.getInputProps('descripcion')} />
        {def.conCapacidad && (
          <NumberInput
            label="Capacidad (personas)"
            withAsterisk
            min={1}
            max={MAX_CAPACIDAD}
            clampBehavior="none"
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator="."
            decimalSeparator=","
            {...form.getInputProps('capacidad')}
          />
        )}
        {def.conCapacidad && (
          <Switch
            label="Exige el nombre de cada pasajero"
            description="Cada pasaje vendido en esta sección debe nombrar a su pasajero (lista para Prefectura)."
            {...form.getInputProps('requierePasajeros', { type: 'checkbox' })}
          />
        )}
        {def.conIdaYVuelta && (
          <Switch
            label="Ida y vuelta"
            description="El pasaje embarca una vez de ida y una de vuelta."
            {...form.getInputProps('idaYVuelta', { type: 'checkbox' })}
          />
        )}
        {def.conIdaYVuelta && form.values.idaYVuelta && (
          <NumberInput
            label="Días para la vuelta"
            description="Cuántos días después del viaje puede embarcar la vuelta. Vacío: sin límite."
            placeholder="Sin límite"
            min={0}
            max={MAX_DIAS_VUELTA}
            clampBehavior="none"
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('diasVuelta')}
          />
        )}
        {def.conTipo && (
          <Select
            label="Tipo"
            withAsterisk
            description="Decide si va a la caja (efectivo), si se cuenta al cerrar y si se cobra con el QR de Mercado Pago."
            placeholder="Elija el tipo"
            data={TIPOS_MEDIO_PAGO}
            allowDeselect={false}
            disabled={tipoFijo}
            {...form.getInputProps('tipo')}
            error={tipoFijo ? MSG_TIPO_CON_MOVIMIENTOS : form.errors.tipo}
          />
        )}
        {conReferencia(def, form.values.tipo) && (
          <Select
            label="Referencia del pago"
            description="Lo que la venta registra para conciliar el cobro."
            data={TIPOS_REFERENCIA}
            allowDeselect={false}
            {...form.getInputProps('referencia')}
          />
        )}
        {conReferencia(def, form.values.tipo) && form.values.referencia !== 'ninguna' && (
          <Switch
            label="Referencia obligatoria"
            description="La venta no se registra sin la referencia."
            {...form.getInputProps('referenciaObligatoria', { type: 'checkbox' })}
          />
        )}
        <Switch
          label="Activo"
          description="Solo las entradas activas se ofrecen en la venta."
          {...form.getInputProps('activo', { type: 'checkbox' })}
        />
        <FormActions onCancel={onDone} loading={guardar.isPending} />
      </Stack>
    </form>
  );
}

/** Create or edit modal of a list entry; `dialog.value` null means a new entry. */
export function CatalogoFormModal({ def, dialog }: { def: CatalogoDef; dialog: Dialog<ItemCatalogo | null> }) {
  const item = dialog.value ?? undefined;
  return (
    <Modal opened={dialog.opened} onClose={dialog.close} title={item ? `Editar ${def.singular}` : def.nuevo} centered>
      <CatalogoForm key={dialog.key} def={def} item={item} onDone={dialog.close} />
    </Modal>
  );
}
