import {
  Alert, Badge, Button, Group, List, Loader, NumberInput, Paper, PasswordInput, SimpleGrid, Stack, Switch, Text,
  Textarea, TextInput, Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconInfoCircle, IconMailForward } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import {
  cargarPlantillaDefecto, useConfigEmail, useEstadoEmail, useGuardarConfigEmail, useProbarEmail,
  type ConfigEmail, type EstadoEmail, type GuardarConfigEmail,
} from '@/api/correo';
import { errorMessage } from '@/lib/api';
import { formatDateTime } from '@/lib/format';
import { configToast } from '@/lib/notify';
import { FORM_MESSAGES, requiredText, type NumberValue } from '@/lib/validation';
import { DetallesTecnicos } from '@/components/DetallesTecnicos';

/** Template variables (backoffice §3). */
export const VARIABLES_PLANTILLA = [
  'empresa_nombre', 'codigo_pasaje', 'nombre_pasajero', 'origen', 'destino', 'fecha_viaje', 'precio', 'codigo_qr',
] as const;

/** Colour and label of each state of the e-mail service (backoffice §4). */
const ESTADOS: Record<EstadoEmail['estado'], { color: string; label: string }> = {
  funcionando: { color: 'green', label: 'Funcionando' },
  error: { color: 'red', label: 'Error' },
  sin_configurar: { color: 'gray', label: 'Sin configurar' },
  incompleto: { color: 'yellow', label: 'Incompleto' },
  inactivo: { color: 'orange', label: 'Inactivo' },
  sin_probar: { color: 'yellow', label: 'Configurado, sin probar' },
};

type Valores = Omit<GuardarConfigEmail, 'smtp_port'> & { smtp_port: NumberValue };

function valoresDe(c: ConfigEmail): Valores {
  return {
    activo: c.activo, smtp_host: c.smtp_host, smtp_port: c.smtp_port, smtp_secure: c.smtp_secure, smtp_user: c.smtp_user,
    smtp_password: '', email_remitente: c.email_remitente, nombre_remitente: c.nombre_remitente,
    plantilla_pasaje: c.plantilla_pasaje,
  };
}

/** /admin/configuracion-email: the company's SMTP sending, its state and a test mail (backoffice §2.9). */
export function ConfiguracionEmailPage() {
  const config = useConfigEmail();
  return (
    <Stack>
      <Title order={1}>Configuración de Email</Title>
      <EstadoServicio />
      {config.isPending && <Loader aria-label="Cargando configuración" />}
      {config.isError && <Alert color="red" role="alert">Error al cargar la configuración de email</Alert>}
      {config.data && <Formulario config={config.data} />}
      <Prueba />
    </Stack>
  );
}

function EstadoServicio() {
  const { data } = useEstadoEmail();
  if (!data) return null;
  const e = ESTADOS[data.estado];
  return (
    <Paper withBorder p="md" radius="md" aria-label="Estado del servicio de email">
      <Group justify="space-between">
        <Group gap="sm">
          <Text fw={600}>Estado del servicio</Text>
          <Badge color={e.color}>{e.label}</Badge>
        </Group>
        {data.ultima_prueba && <Text size="sm" c="dimmed">Última prueba: {formatDateTime(data.ultima_prueba)}</Text>}
      </Group>
      <Text size="sm" mt="xs">{data.mensaje}</Text>
      <DetallesTecnicos detalle={data.detalle} />
    </Paper>
  );
}

function Formulario({ config }: { config: ConfigEmail }) {
  const guardar = useGuardarConfigEmail();
  const form = useForm<Valores>({
    initialValues: valoresDe(config),
    validate: {
      smtp_host: requiredText,
      smtp_port: (v) => (v === '' ? FORM_MESSAGES.obligatorio : null),
      smtp_user: requiredText,
      smtp_password: (v) => (config.password_guardada || v ? null : FORM_MESSAGES.obligatorio),
      email_remitente: requiredText,
    },
  });
  const { setValues, resetDirty } = form;
  useEffect(() => {
    setValues(valoresDe(config));
    resetDirty();
  }, [config, setValues, resetDirty]);

  const enviar = form.onSubmit((v) => {
    guardar.mutate({ ...v, smtp_port: Number(v.smtp_port) }, {
      onSuccess: (r) => configToast.success(r.message ?? 'Configuración guardada exitosamente'),
      onError: (err) => {
        const m = errorMessage(err, '');
        configToast.error(m ? `Error al guardar: ${m}` : 'Error al guardar configuración');
      },
    });
  });
  const plantillaDefecto = async () => {
    try {
      form.setFieldValue('plantilla_pasaje', await cargarPlantillaDefecto());
    } catch {
      configToast.error('Error al cargar la plantilla por defecto');
    }
  };

  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={enviar} noValidate>
      <Stack>
        <Switch label="Envío de email activo" {...form.getInputProps('activo', { type: 'checkbox' })} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Servidor SMTP" placeholder="smtp.gmail.com" withAsterisk {...form.getInputProps('smtp_host')} />
          <NumberInput label="Puerto" withAsterisk min={1} max={65535} allowDecimal={false} {...form.getInputProps('smtp_port')} />
          <TextInput label="Usuario SMTP" withAsterisk autoComplete="off" {...form.getInputProps('smtp_user')} />
          <PasswordInput
            label="Contraseña SMTP"
            withAsterisk={!config.password_guardada}
            autoComplete="new-password"
            description={config.password_guardada ? 'Guardada. Déjela en blanco para conservarla.' : undefined}
            {...form.getInputProps('smtp_password')}
          />
          <TextInput label="Email remitente" type="email" withAsterisk {...form.getInputProps('email_remitente')} />
          <TextInput label="Nombre remitente" {...form.getInputProps('nombre_remitente')} />
        </SimpleGrid>
        <Switch label="Conexión segura SSL (puerto 465)" {...form.getInputProps('smtp_secure', { type: 'checkbox' })} />
        <Alert variant="light" icon={<IconInfoCircle aria-hidden />} title="Proveedores comunes">
          <List size="sm">
            <List.Item>Gmail: smtp.gmail.com, puerto 587, con una contraseña de aplicación.</List.Item>
            <List.Item>Outlook: smtp.office365.com, puerto 587.</List.Item>
            <List.Item>Yahoo: smtp.mail.yahoo.com, puerto 587.</List.Item>
            <List.Item>Con SSL activado se usa el puerto 465.</List.Item>
          </List>
        </Alert>
        <Textarea
          label="Plantilla HTML del pasaje"
          rows={10}
          styles={{ input: { fontFamily: 'monospace' } }}
          {...form.getInputProps('plantilla_pasaje')}
        />
        <Text size="sm">
          Variables disponibles: {VARIABLES_PLANTILLA.map((v) => `{{${v}}}`).join(', ')}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => void plantillaDefecto()}>Cargar plantilla por defecto</Button>
          <Button type="submit" loading={guardar.isPending}>Guardar configuración</Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function Prueba() {
  const { data: estado } = useEstadoEmail();
  const probar = useProbarEmail();
  const [destino, setDestino] = useState('');
  const [error, setError] = useState<string | null>(null);
  const enviar = () => {
    if (!destino.includes('@')) {
      setError('Ingrese un email válido para la prueba');
      return;
    }
    setError(null);
    probar.mutate(destino.trim(), {
      onSuccess: () => configToast.success('¡Email de prueba enviado exitosamente! Revisa tu bandeja de entrada.'),
      onError: (err) => {
        const m = errorMessage(err, '');
        configToast.error(m ? `Error al enviar prueba: ${m}` : 'Error al enviar email de prueba');
      },
    });
  };
  return (
    <Paper withBorder p="md" radius="md">
      <Stack>
        <Text fw={600}>Enviar email de prueba</Text>
        <Group align="flex-end">
          <TextInput
            label="Email de destino"
            type="email"
            value={destino}
            onChange={(e) => setDestino(e.currentTarget.value)}
            error={error}
            style={{ flex: 1 }}
          />
          <Button
            leftSection={<IconMailForward size={16} aria-hidden />}
            onClick={enviar}
            loading={probar.isPending}
            disabled={!estado?.configurado}
          >
            Enviar prueba
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
