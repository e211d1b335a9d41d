import { Alert, Badge, Button, Group, Loader, NumberInput, Paper, PasswordInput, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconBuildingStore, IconPlugConnected } from '@tabler/icons-react';
import { useEffect } from 'react';
import {
  useCrearCajasMercadoPago, useGuardarMercadoPago, useMercadoPago, useProbarMercadoPago, type MercadoPagoConfig,
} from '@/api/mercadopago';
import { errorMessage } from '@/lib/api';
import { formatDateTime } from '@/lib/format';
import { configToast } from '@/lib/notify';
import { FORM_MESSAGES, requiredText, type NumberValue } from '@/lib/validation';
import { DetallesTecnicos } from '@/components/DetallesTecnicos';

type Valores = {
  nombre: string; calle: string; numero: string; ciudad: string; provincia: string;
  latitud: NumberValue; longitud: NumberValue; access_token: string; webhook_secret: string;
};

function valoresDe(c: MercadoPagoConfig): Valores {
  const l = c.local;
  return {
    nombre: l?.nombre ?? '', calle: l?.calle ?? '', numero: l?.numero ?? '', ciudad: l?.ciudad ?? '',
    provincia: l?.provincia ?? '', latitud: l?.latitud ?? '', longitud: l?.longitud ?? '', access_token: '', webhook_secret: '',
  };
}

const coordenada = (limite: number) => (v: NumberValue) =>
  v === '' ? FORM_MESSAGES.obligatorio : Math.abs(Number(v)) > limite ? `Debe estar entre -${limite} y ${limite}` : null;

/** /admin/configuracion/mercadopago: the company's Mercado Pago account, its store and its sellers' points of sale. */
export function MercadoPagoPage() {
  const config = useMercadoPago();
  return (
    <Stack>
      <Title order={1}>Mercado Pago</Title>
      <Text c="dimmed">Cobro con QR de Mercado Pago en el mostrador: la cuenta de la empresa, su local y una caja por vendedor.</Text>
      {config.isPending && <Loader aria-label="Cargando configuración" />}
      {config.isError && <Alert color="red" role="alert">Error al cargar la configuración de Mercado Pago</Alert>}
      {config.data && (
        <>
          <Formulario config={config.data} />
          <Cuenta config={config.data} />
          <Cajas config={config.data} />
        </>
      )}
    </Stack>
  );
}

function Formulario({ config }: { config: MercadoPagoConfig }) {
  const guardar = useGuardarMercadoPago();
  const form = useForm<Valores>({
    initialValues: valoresDe(config),
    validate: {
      nombre: requiredText, calle: requiredText, numero: requiredText, ciudad: requiredText, provincia: requiredText,
      latitud: coordenada(90), longitud: coordenada(180),
      access_token: (v) => (config.token_guardado || v.trim() ? null : FORM_MESSAGES.obligatorio),
    },
  });
  const { setValues, resetDirty } = form;
  useEffect(() => {
    setValues(valoresDe(config));
    resetDirty();
  }, [config, setValues, resetDirty]);

  const enviar = form.onSubmit((v) => {
    const local = { nombre: v.nombre, calle: v.calle, numero: v.numero, ciudad: v.ciudad, provincia: v.provincia,
      latitud: Number(v.latitud), longitud: Number(v.longitud) };
    guardar.mutate(
      { local, ...(v.access_token.trim() && { access_token: v.access_token.trim() }),
        ...(v.webhook_secret.trim() && { webhook_secret: v.webhook_secret.trim() }) },
      {
        onSuccess: (r) => configToast.success(r.message ?? 'Configuración de Mercado Pago guardada'),
        onError: (err) => configToast.error(`Error al guardar: ${errorMessage(err, 'intente de nuevo')}`),
      },
    );
  });
  const guardado = 'Guardado. Déjelo en blanco para conservarlo.';
  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={enviar} noValidate aria-label="Cuenta y local">
      <Stack>
        <Text fw={600}>Credenciales</Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <PasswordInput label="Token de acceso" withAsterisk={!config.token_guardado} autoComplete="off"
            description={config.token_guardado ? guardado : 'De «Tus integraciones» › Credenciales de producción (APP_USR-…)'}
            {...form.getInputProps('access_token')} />
          <PasswordInput label="Clave secreta de notificaciones" autoComplete="off"
            description={config.secreto_guardado ? guardado : 'La de «Webhooks» en su integración'}
            {...form.getInputProps('webhook_secret')} />
        </SimpleGrid>
        <Text fw={600}>Local</Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Nombre del local" withAsterisk maxLength={60} {...form.getInputProps('nombre')} />
          <TextInput label="Calle" withAsterisk maxLength={100} {...form.getInputProps('calle')} />
          <TextInput label="Número" withAsterisk maxLength={10} {...form.getInputProps('numero')} />
          <TextInput label="Ciudad" withAsterisk maxLength={60} {...form.getInputProps('ciudad')} />
          <TextInput label="Provincia" withAsterisk maxLength={60} {...form.getInputProps('provincia')} />
          <NumberInput label="Latitud" withAsterisk decimalSeparator="," min={-90} max={90} decimalScale={6} {...form.getInputProps('latitud')} />
          <NumberInput label="Longitud" withAsterisk decimalSeparator="," min={-180} max={180} decimalScale={6} {...form.getInputProps('longitud')} />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={guardar.isPending}>Guardar</Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function Cuenta({ config }: { config: MercadoPagoConfig }) {
  const probar = useProbarMercadoPago();
  const onProbar = () => probar.mutate(undefined, {
    onSuccess: (r) => configToast.success(r.message ?? 'Credenciales válidas'),
    onError: (err) => configToast.error(errorMessage(err, 'No se pudo probar Mercado Pago')),
  });
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Estado de la cuenta">
      <Group justify="space-between">
        <Group gap="sm">
          <Text fw={600}>Cuenta</Text>
          {config.cuenta ? <Badge color="green">{`Conectada: ${config.cuenta.apodo}`}</Badge>
            : config.prueba_error ? <Badge color="red">Con error</Badge> : <Badge color="gray">Sin probar</Badge>}
        </Group>
        <Button variant="default" leftSection={<IconPlugConnected size={16} aria-hidden />} onClick={onProbar}
          loading={probar.isPending} disabled={!config.token_guardado}>
          Probar credenciales
        </Button>
      </Group>
      {config.probado_en && <Text size="sm" c="dimmed" mt="xs">Última prueba: {formatDateTime(config.probado_en)}</Text>}
      {config.prueba_error && <Text size="sm" c="red.8" mt="xs">{config.prueba_error}</Text>}
      <DetallesTecnicos detalle={config.prueba_detalle} />
    </Paper>
  );
}

function Cajas({ config }: { config: MercadoPagoConfig }) {
  const crear = useCrearCajasMercadoPago();
  const faltan = config.cajas.filter((c) => c.pos_id == null).length;
  const onCrear = () => crear.mutate(undefined, {
    onSuccess: (r) => configToast.success(r.message ?? 'Local y cajas creados en Mercado Pago'),
    onError: (err) => configToast.error(errorMessage(err, 'No se pudieron crear las cajas en Mercado Pago')),
  });
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Cajas en Mercado Pago">
      <Stack>
        <Group justify="space-between">
          <Text fw={600}>Cajas (una por vendedor)</Text>
          <Button leftSection={<IconBuildingStore size={16} aria-hidden />} onClick={onCrear} loading={crear.isPending}
            disabled={!config.cuenta || faltan === 0}>
            {config.local_id ? 'Crear las cajas que faltan' : 'Crear local y cajas'}
          </Button>
        </Group>
        {!config.cuenta && <Text size="sm" c="dimmed">Pruebe las credenciales para crear el local y las cajas.</Text>}
        <Table.ScrollContainer minWidth={360}>
          <Table>
            <Table.Thead>
              <Table.Tr><Table.Th>Vendedor</Table.Th><Table.Th>Caja</Table.Th><Table.Th>Estado</Table.Th></Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {config.cajas.map((c) => (
                <Table.Tr key={c.usuario_id}>
                  <Table.Td>{c.usuario}</Table.Td>
                  <Table.Td>{c.external_pos_id}</Table.Td>
                  <Table.Td>{c.pos_id == null ? <Badge color="gray">Sin crear</Badge> : <Badge color="green">Creada</Badge>}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Paper>
  );
}
