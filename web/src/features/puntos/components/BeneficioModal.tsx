import { Alert, Button, Checkbox, Group, Modal, NumberInput, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { TIPOS_BENEFICIO, useGuardarBeneficio, type Beneficio, type GuardarBeneficio, type TipoBeneficio } from '@/api/puntos';
import { FechaInput } from '@/components/FechaInput';
import { errorMessage } from '@/lib/api';
import { FORM_MESSAGES, requiredText, type NumberValue } from '@/lib/validation';

/** The benefit modal's modes (backoffice §4): view is read-only; the active box is not offered on create. */
export type ModoBeneficio = 'crear' | 'editar' | 'ver';

/** After a save the modal shows the message this long, then closes (backoffice §2.10). */
export const CIERRE_TRAS_GUARDAR_MS = 1500;

const TITULOS: Record<ModoBeneficio, string> = { crear: 'Nuevo beneficio', editar: 'Editar beneficio', ver: 'Detalle del beneficio' };

/** What `valor` means for each kind of benefit. */
const VALOR: Record<TipoBeneficio, { label: string; description?: string; decimales: boolean }> = {
  descuento_porcentaje: { label: 'Valor (%)', description: 'Porcentaje de descuento sobre cada pasaje', decimales: true },
  descuento_fijo: { label: 'Valor ($)', description: 'Monto descontado de la venta', decimales: true },
  pasaje_gratis: { label: 'Valor', description: 'No se usa: el pasaje más caro de la venta es gratis', decimales: true },
  upgrade_seccion: { label: 'Valor', description: 'No descuenta dinero', decimales: true },
  puntos_extra: { label: 'Puntos extra', description: 'Puntos que suma el canje', decimales: false },
};

interface Valores {
  nombre: string;
  descripcion: string;
  tipo: TipoBeneficio;
  valor: NumberValue;
  puntos_requeridos: NumberValue;
  maximo_usos: NumberValue;
  vigencia_dias: NumberValue;
  fecha_inicio: string;
  fecha_fin: string;
  activo: boolean;
}

/** A new benefit's values (backoffice §9: 100 points, valor 0, descuento_porcentaje). */
const NUEVO: Valores = {
  nombre: '', descripcion: '', tipo: 'descuento_porcentaje', valor: 0, puntos_requeridos: 100, maximo_usos: '', vigencia_dias: '',
  fecha_inicio: '', fecha_fin: '', activo: true,
};

function valoresDe(b: Beneficio | null): Valores {
  if (!b) return NUEVO;
  return {
    nombre: b.nombre, descripcion: b.descripcion, tipo: b.tipo, valor: b.valor, puntos_requeridos: b.puntos_requeridos,
    maximo_usos: b.maximo_usos ?? '', vigencia_dias: b.vigencia_dias ?? '', fecha_inicio: b.fecha_inicio ?? '',
    fecha_fin: b.fecha_fin ?? '', activo: b.activo,
  };
}

function cuerpoDe(v: Valores): GuardarBeneficio {
  const opcional = (n: NumberValue) => (n === '' ? undefined : Number(n));
  return {
    nombre: v.nombre.trim(), descripcion: v.descripcion.trim(), tipo: v.tipo, valor: Number(v.valor),
    puntos_requeridos: Number(v.puntos_requeridos), maximo_usos: opcional(v.maximo_usos), vigencia_dias: opcional(v.vigencia_dias),
    fecha_inicio: v.fecha_inicio || undefined, fecha_fin: v.fecha_fin || undefined, activo: v.activo,
  };
}

/** A whole number of at least `min`, or empty when `opcional`. */
function entero(min: number, opcional = false) {
  return (v: NumberValue) => {
    if (v === '') return opcional ? null : FORM_MESSAGES.obligatorio;
    const n = Number(v);
    if (!Number.isInteger(n)) return 'Debe ser un número entero';
    return n < min ? `Debe ser ${min} o más` : null;
  };
}

interface BeneficioModalProps {
  modo: ModoBeneficio;
  /** The benefit shown or edited; null to create. */
  beneficio: Beneficio | null;
  onClose: () => void;
  /** Told the server's message after a save (the page's status line). */
  onGuardado: (mensaje: string) => void;
}

/**
 * View, edit or create a benefit; after a save it shows the message and closes 1.5 s later.
 * Mounted while open: each opening starts from the benefit's values.
 */
export function BeneficioModal({ modo, beneficio, onClose, onGuardado }: BeneficioModalProps) {
  const guardar = useGuardarBeneficio();
  const [exito, setExito] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const soloLectura = modo === 'ver' || exito !== null;
  const form = useForm<Valores>({
    initialValues: valoresDe(beneficio),
    validate: {
      nombre: (v) => requiredText(v) ?? (v.trim().length > 100 ? 'Como máximo 100 caracteres' : null),
      valor: (v, values) => {
        if (v === '') return FORM_MESSAGES.obligatorio;
        const n = Number(v);
        if (!Number.isFinite(n) || n < 0) return 'Debe ser 0 o más';
        if (values.tipo === 'descuento_porcentaje' && n > 100) return 'Un porcentaje no puede superar 100';
        if (values.tipo === 'puntos_extra' && !Number.isInteger(n)) return 'Debe ser un número entero';
        return null;
      },
      puntos_requeridos: entero(0),
      maximo_usos: entero(1, true),
      vigencia_dias: entero(1, true),
      fecha_fin: (v, values) => (v && values.fecha_inicio && v < values.fecha_inicio ? 'La fecha de fin debe ser posterior a la de inicio' : null),
    },
  });
  // The modal closes 1.5 s after a save.
  useEffect(() => {
    if (!exito) return;
    const timer = setTimeout(onClose, CIERRE_TRAS_GUARDAR_MS);
    return () => clearTimeout(timer);
  }, [exito, onClose]);

  const enviar = form.onSubmit((v) => {
    setError(null);
    guardar.mutate({ id: beneficio?.id, input: cuerpoDe(v) }, {
      onSuccess: (r) => {
        const mensaje = r.message ?? (beneficio ? 'Beneficio actualizado exitosamente' : 'Beneficio creado exitosamente');
        setExito(mensaje);
        onGuardado(mensaje);
      },
      onError: (err) => setError(errorMessage(err, 'Error procesando la solicitud')),
    });
  });
  const valor = VALOR[form.values.tipo];

  return (
    <Modal opened onClose={onClose} title={TITULOS[modo]} size="lg">
      <form onSubmit={enviar} noValidate>
        <Stack>
          {exito && <Alert color="green" role="status">{exito}</Alert>}
          {error && <Alert color="red" role="alert">{error}</Alert>}
          <TextInput label="Nombre" withAsterisk={!soloLectura} maxLength={100} readOnly={soloLectura} {...form.getInputProps('nombre')} />
          <Textarea label="Descripción" maxLength={500} rows={2} readOnly={soloLectura} {...form.getInputProps('descripcion')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Tipo"
              withAsterisk={!soloLectura}
              data={Object.entries(TIPOS_BENEFICIO).map(([value, label]) => ({ value, label }))}
              allowDeselect={false}
              readOnly={soloLectura}
              {...form.getInputProps('tipo')}
            />
            <NumberInput
              label={valor.label}
              description={valor.description}
              withAsterisk={!soloLectura}
              min={0}
              step={valor.decimales ? 0.01 : 1}
              decimalScale={valor.decimales ? 2 : 0}
              decimalSeparator=","
              thousandSeparator="."
              readOnly={soloLectura}
              {...form.getInputProps('valor')}
            />
            <NumberInput clampBehavior="none" label="Puntos requeridos" withAsterisk={!soloLectura} min={0} allowDecimal={false} thousandSeparator="." decimalSeparator="," readOnly={soloLectura} {...form.getInputProps('puntos_requeridos')} />
            <NumberInput clampBehavior="none" label="Máximo de usos" description="Vacío: sin límite" min={1} allowDecimal={false} readOnly={soloLectura} {...form.getInputProps('maximo_usos')} />
            <NumberInput clampBehavior="none" label="Vigencia (días)" description="Vacío: sin vigencia" min={1} max={3650} allowDecimal={false} readOnly={soloLectura} {...form.getInputProps('vigencia_dias')} />
            <div />
            <FechaInput
              label="Fecha de inicio"
              clearable
              readOnly={soloLectura}
              value={form.values.fecha_inicio}
              onChange={(f) => form.setFieldValue('fecha_inicio', f)}
              error={form.errors.fecha_inicio}
            />
            <FechaInput
              label="Fecha de fin"
              clearable
              readOnly={soloLectura}
              min={form.values.fecha_inicio || undefined}
              mensajeMin="La fecha de fin debe ser posterior a la de inicio"
              value={form.values.fecha_fin}
              onChange={(f) => form.setFieldValue('fecha_fin', f)}
              error={form.errors.fecha_fin}
            />
          </SimpleGrid>
          {modo !== 'crear' && (
            <Checkbox label="Activo" disabled={soloLectura} {...form.getInputProps('activo', { type: 'checkbox' })} />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>{modo === 'ver' ? 'Cerrar' : 'Cancelar'}</Button>
            {modo !== 'ver' && (
              <Button type="submit" loading={guardar.isPending} disabled={exito !== null}>
                {modo === 'crear' ? 'Crear beneficio' : 'Guardar cambios'}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
