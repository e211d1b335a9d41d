import { Alert, Button, Group, NumberInput, Paper, Radio, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useConfiguracionPuntos, useGuardarConfiguracionPuntos, type ConfiguracionPuntos } from '@/api/puntos';
import { QueryState } from '@/components/QueryState';
import { errorMessage } from '@/lib/api';
import { formatNumber } from '@/lib/format';
import { configToast } from '@/lib/notify';
import { FORM_MESSAGES, type NumberValue } from '@/lib/validation';

/** The configuration as the form holds it: numbers, or '' while empty. */
interface Valores {
  activo: boolean;
  puntos_por_peso: NumberValue;
  puntos_minimos_canje: NumberValue;
  /** '' means the points never expire. */
  vencimiento_puntos_dias: NumberValue;
  multiplicador_viajero_frecuente: NumberValue;
  viajes_para_frecuente: NumberValue;
  dias_para_frecuente: NumberValue;
  anulacion_puntos_canjeados: ConfiguracionPuntos['anulacion_puntos_canjeados'];
}

/** Bounds of each field (backoffice §5, the server's limits of docs/api.md). */
export const LIMITES = {
  puntos_por_peso: { min: 0, max: 100 },
  puntos_minimos_canje: { min: 1, max: 1_000_000_000 },
  vencimiento_puntos_dias: { min: 0, max: 3650 },
  multiplicador_viajero_frecuente: { min: 1, max: 10 },
  viajes_para_frecuente: { min: 1, max: 10_000 },
  dias_para_frecuente: { min: 1, max: 3650 },
} as const;

type Campo = keyof typeof LIMITES;

/** Why a typed value is refused, or null: required unless `opcional`, whole unless `decimales`, within the bounds. */
function validarNumero(campo: Campo, opciones: { decimales?: boolean; opcional?: boolean } = {}) {
  const { min, max } = LIMITES[campo];
  return (v: NumberValue) => {
    if (v === '') return opciones.opcional ? null : FORM_MESSAGES.obligatorio;
    const n = Number(v);
    if (!Number.isFinite(n)) return 'Debe ser un número';
    if (!opciones.decimales && !Number.isInteger(n)) return 'Debe ser un número entero';
    if (opciones.decimales && Math.abs(Math.round(n * 100) - n * 100) > 1e-6) return 'Como máximo dos decimales';
    if (n < min || n > max) return `Debe estar entre ${formatNumber(min)} y ${formatNumber(max)}`;
    return null;
  };
}

function valoresDe(c: ConfiguracionPuntos): Valores {
  return { ...c, vencimiento_puntos_dias: c.vencimiento_puntos_dias ?? '', anulacion_puntos_canjeados: c.anulacion_puntos_canjeados ?? 'descontar' };
}

function configuracionDe(v: Valores): ConfiguracionPuntos {
  return {
    activo: v.activo,
    puntos_por_peso: Number(v.puntos_por_peso),
    puntos_minimos_canje: Number(v.puntos_minimos_canje),
    vencimiento_puntos_dias: v.vencimiento_puntos_dias === '' ? null : Number(v.vencimiento_puntos_dias),
    multiplicador_viajero_frecuente: Number(v.multiplicador_viajero_frecuente),
    viajes_para_frecuente: Number(v.viajes_para_frecuente),
    dias_para_frecuente: Number(v.dias_para_frecuente),
    anulacion_puntos_canjeados: v.anulacion_puntos_canjeados,
  };
}

/** /admin/configuracion-puntos: how the company's customers earn points (backoffice §2.10, §3, §5, §9). */
export function ConfiguracionPuntosPage() {
  const config = useConfiguracionPuntos();
  return (
    <Stack>
      <Title order={1}>Configuración de Puntos</Title>
      <Text c="dimmed">Cómo suman puntos los clientes en cada compra y cuándo vencen.</Text>
      <QueryState
        pending={config.isPending}
        error={config.error && new Error(errorMessage(config.error, 'Error cargando la configuración'))}
        errorTitle="Error cargando la configuración"
        onRetry={() => void config.refetch()}
      >
        {config.data && <Formulario config={config.data} />}
      </QueryState>
    </Stack>
  );
}

function Formulario({ config }: { config: ConfiguracionPuntos }) {
  const guardar = useGuardarConfiguracionPuntos();
  const form = useForm<Valores>({
    initialValues: valoresDe(config),
    validate: {
      puntos_por_peso: validarNumero('puntos_por_peso', { decimales: true }),
      puntos_minimos_canje: validarNumero('puntos_minimos_canje'),
      vencimiento_puntos_dias: validarNumero('vencimiento_puntos_dias', { opcional: true }),
      multiplicador_viajero_frecuente: validarNumero('multiplicador_viajero_frecuente', { decimales: true }),
      viajes_para_frecuente: validarNumero('viajes_para_frecuente'),
      dias_para_frecuente: validarNumero('dias_para_frecuente'),
    },
  });
  const { setValues, resetDirty } = form;
  useEffect(() => {
    setValues(valoresDe(config));
    resetDirty();
  }, [config, setValues, resetDirty]);

  const enviar = form.onSubmit((v) => {
    guardar.mutate(configuracionDe(v), {
      onSuccess: (r) => configToast.success(r.message ?? 'Configuración actualizada exitosamente'),
      onError: (err) => configToast.error(errorMessage(err, 'Error actualizando la configuración')),
    });
  });
  const numero = (campo: Campo, extra: { decimales?: boolean } = {}) => ({
    min: LIMITES[campo].min,
    max: LIMITES[campo].max,
    allowDecimal: extra.decimales ?? false,
    decimalScale: extra.decimales ? 2 : undefined,
    step: extra.decimales ? 0.1 : 1,
    clampBehavior: 'none' as const,
    decimalSeparator: ',',
    thousandSeparator: '.',
    ...form.getInputProps(campo),
  });

  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={enviar} noValidate aria-label="Configuración de puntos">
      <Stack>
        <Switch label="Sistema de puntos activo" {...form.getInputProps('activo', { type: 'checkbox' })} />
        {!form.values.activo && (
          <Alert color="yellow" variant="light">Con el sistema inactivo las ventas no suman puntos y no se canjean beneficios.</Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput label="Puntos por cada $ 1" description="Entre 0 y 100, hasta dos decimales" withAsterisk {...numero('puntos_por_peso', { decimales: true })} />
          <NumberInput label="Puntos mínimos para canjear" withAsterisk {...numero('puntos_minimos_canje')} />
          <NumberInput
            label="Vencimiento de los puntos (días)"
            description="Vacío: los puntos no vencen"
            {...numero('vencimiento_puntos_dias')}
          />
          <NumberInput
            label="Multiplicador del viajero frecuente"
            description="Entre 1 y 10, hasta dos decimales"
            withAsterisk
            {...numero('multiplicador_viajero_frecuente', { decimales: true })}
          />
          <NumberInput label="Viajes para ser viajero frecuente" withAsterisk {...numero('viajes_para_frecuente')} />
          <NumberInput label="Período de los viajes (días)" withAsterisk {...numero('dias_para_frecuente')} />
        </SimpleGrid>
        <Radio.Group
          label="Al cancelar un pasaje cuyos puntos el cliente ya canjeó"
          {...form.getInputProps('anulacion_puntos_canjeados')}
        >
          <Stack gap="xs" mt="xs">
            <Radio value="descontar" label="Descontar de la devolución el valor de los puntos canjeados" />
            <Radio value="rechazar" label="Rechazar la cancelación" />
          </Stack>
        </Radio.Group>
        <Group justify="flex-end">
          <Button type="submit" loading={guardar.isPending}>Guardar configuración</Button>
        </Group>
      </Stack>
    </Paper>
  );
}
