import { Button, Group, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useGuardarFacturacion, type Facturacion, type FacturacionInput } from '@/api/facturacion';
import { errorMessage } from '@/lib/api';
import { notifyError, notifySuccess } from '@/lib/notify';
import { FORM_MESSAGES, type NumberValue } from '@/lib/validation';

export const CONDICIONES = [
  { value: 'responsable_inscripto', label: 'Responsable inscripto' },
  { value: 'monotributo', label: 'Monotributo' },
  { value: 'exento', label: 'IVA exento' },
];
const ENTORNOS = [
  { value: 'homologacion', label: 'Homologación (pruebas)' },
  { value: 'produccion', label: 'Producción' },
];
export const MSG_CUIT = 'El CUIT debe tener 11 dígitos y un dígito verificador válido';
export const MSG_PUNTO_VENTA = 'Los puntos de venta deben ser números entre 1 y 99999';
export const MSG_PUNTOS_IGUALES = 'El punto de venta de CAEA debe ser distinto del de CAE';

/** The CUIT's check digit, as domain.CUITValido: weights 5,4,3,2,7,6,5,4,3,2 modulo 11 (10 is never valid). */
export function cuitValido(cuit: string): boolean {
  const digitos = cuit.trim().replace(/^(\d{2})-?(\d{8})-?(\d)$/, '$1$2$3');
  if (!/^\d{11}$/.test(digitos)) return false;
  const suma = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2].reduce((s, p, i) => s + p * Number(digitos[i]), 0);
  const dv = (11 - (suma % 11)) % 11;
  return dv !== 10 && dv === Number(digitos[10]);
}

function puntoVenta(value: NumberValue): string | null {
  if (value === '') return FORM_MESSAGES.obligatorio;
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 99999 ? null : MSG_PUNTO_VENTA;
}

interface Valores {
  cuit: string;
  condicion_iva: string;
  punto_venta_cae: NumberValue;
  punto_venta_caea: NumberValue;
  entorno: string;
}

/** The tax profile's form: CUIT, IVA condition, the points of sale for CAE and CAEA, ARCA's environment. */
export function PerfilFiscalForm({ perfil }: { perfil: Facturacion }) {
  const guardar = useGuardarFacturacion();
  const form = useForm<Valores>({
    initialValues: {
      cuit: perfil.cuit, condicion_iva: perfil.condicion_iva || 'responsable_inscripto',
      punto_venta_cae: perfil.configurado ? perfil.punto_venta_cae : '', punto_venta_caea: perfil.configurado ? perfil.punto_venta_caea : '',
      entorno: perfil.entorno || 'homologacion',
    },
    validate: {
      cuit: (v) => (v.trim() === '' ? FORM_MESSAGES.obligatorio : cuitValido(v) ? null : MSG_CUIT),
      punto_venta_cae: puntoVenta,
      punto_venta_caea: (v, values) => puntoVenta(v) ?? (Number(v) === Number(values.punto_venta_cae) ? MSG_PUNTOS_IGUALES : null),
    },
  });
  const submit = form.onSubmit(async (v) => {
    const input = { ...v, cuit: v.cuit.trim(), punto_venta_cae: Number(v.punto_venta_cae), punto_venta_caea: Number(v.punto_venta_caea) };
    try {
      const { message } = await guardar.mutateAsync(input as FacturacionInput);
      notifySuccess(message ?? 'Perfil fiscal guardado');
    } catch (error) {
      notifyError(errorMessage(error, 'No se pudo guardar el perfil fiscal'));
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Perfil fiscal">
      <Stack>
        <TextInput label="CUIT" withAsterisk maw={240} placeholder="20-12345678-6" {...form.getInputProps('cuit')} />
        <Select label="Condición frente al IVA" withAsterisk maw={320} data={CONDICIONES} allowDeselect={false}
          {...form.getInputProps('condicion_iva')} />
        <Group grow maw={520} align="flex-start">
          <NumberInput label="Punto de venta (CAE)" withAsterisk min={1} max={99999} allowDecimal={false}
            {...form.getInputProps('punto_venta_cae')} />
          <NumberInput label="Punto de venta de contingencia (CAEA)" withAsterisk min={1} max={99999} allowDecimal={false}
            description="Dedicado a CAEA, distinto del de CAE" {...form.getInputProps('punto_venta_caea')} />
        </Group>
        <Select label="Entorno de ARCA" withAsterisk maw={320} data={ENTORNOS} allowDeselect={false} {...form.getInputProps('entorno')} />
        {perfil.configurado && (
          <Text size="sm" c="dimmed">
            Comprobantes que emite: {perfil.comprobantes_permitidos.map((c) => `${c.nombre} (${c.codigo}; nota de crédito ${c.nota_credito})`).join(', ')}
          </Text>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={guardar.isPending}>Guardar perfil fiscal</Button>
        </Group>
      </Stack>
    </form>
  );
}
