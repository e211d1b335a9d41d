import { Alert, Button, Group, Loader, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { configCajaQuery, useGuardarConfigCaja, type ConfigCaja } from '@/api/configCaja';
import { MoneyInput } from '@/components/MoneyInput';
import { errorMessage } from '@/lib/api';
import { notifyError, notifySuccess } from '@/lib/notify';
import { nonNegativeAmount, type NumberValue } from '@/lib/validation';

/** The tolerance's bound, as the server's (domain.ToleranciaCierreMaxima), in pesos. */
export const TOLERANCIA_MAXIMA = 1_000_000;
export const MSG_TOLERANCIA = 'La tolerancia de cierre debe estar entre $ 0,00 y $ 1.000.000,00';

function tolerancia(value: NumberValue): string | null {
  return nonNegativeAmount(value) ?? (Number(value) > TOLERANCIA_MAXIMA ? MSG_TOLERANCIA : null);
}

function Formulario({ config }: { config: ConfigCaja }) {
  const guardar = useGuardarConfigCaja();
  const form = useForm<{ cierre_ciego: boolean; tolerancia_cierre: NumberValue }>({
    initialValues: { cierre_ciego: config.cierre_ciego, tolerancia_cierre: config.tolerancia_cierre },
    validate: { tolerancia_cierre: tolerancia },
  });
  const submit = form.onSubmit(async (v) => {
    try {
      const { message } = await guardar.mutateAsync({ cierre_ciego: v.cierre_ciego, tolerancia_cierre: Number(v.tolerancia_cierre) });
      notifySuccess(message ?? 'Configuración de caja guardada');
    } catch (error) {
      notifyError(errorMessage(error, 'No se pudo guardar la configuración de caja'));
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Configuración de caja">
      <Stack>
        <Switch
          label="Cierre de caja a ciegas"
          description="Los cajeros cuentan la caja sin ver cuánto debería haber: ni el efectivo esperado ni los montos de los movimientos. Los supervisores y administradores los siguen viendo."
          {...form.getInputProps('cierre_ciego', { type: 'checkbox' })}
        />
        <MoneyInput
          label="Tolerancia de cierre"
          description="Una diferencia mayor (sumando efectivo y demás medios) deja el cierre pendiente de la aprobación de un supervisor."
          withAsterisk
          maw={320}
          {...form.getInputProps('tolerancia_cierre')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={guardar.isPending}>Guardar configuración de caja</Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The company admin's register settings (issue 36 item 28): the blind close for this company
 * only, and the close tolerance typed in pesos (stored in centavos by the server).
 */
export function ConfiguracionCaja() {
  const consulta = useQuery(configCajaQuery);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="configuracion-caja">
      <Title order={2} size="h4" mb="sm" id="configuracion-caja">Caja</Title>
      {consulta.isPending && <Loader size="sm" aria-label="Cargando la configuración de caja" />}
      {consulta.isError && (
        <Alert color="red" role="alert" title="No se pudo cargar la configuración de caja">
          <Text size="sm">{errorMessage(consulta.error, 'Error de conexión')}</Text>
          <Button mt="xs" size="xs" variant="white" color="red" onClick={() => void consulta.refetch()}>Reintentar</Button>
        </Alert>
      )}
      {consulta.data && <Formulario key={`${consulta.data.cierre_ciego}-${consulta.data.tolerancia_cierre}`} config={consulta.data} />}
    </Paper>
  );
}
