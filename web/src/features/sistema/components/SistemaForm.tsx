import { Autocomplete, Badge, Button, Group, Paper, Select, Stack, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { IDIOMAS, useGuardarConfiguracionSistema, type ConfiguracionSistema, type ConfiguracionSistemaInput } from '@/api/sistema';
import { Dato } from '@/components/Dato';
import { errorMessage } from '@/lib/api';
import { formatDateTime } from '@/lib/format';
import { useIdempotencyKeys } from '@/lib/idempotency';
import { configToast } from '@/lib/notify';

/** The IANA zones the browser knows, offered while typing (the server checks the name). */
const ZONAS = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];

function inputDe(c: ConfiguracionSistema): ConfiguracionSistemaInput {
  return { nombre: c.sistema.nombre, timezone: c.sistema.timezone, idioma: c.sistema.idioma };
}

/**
 * The editable name, time zone and language, and the build's version, environment and installation date.
 * The page keys it by the stored values, so a change saved elsewhere starts the form again.
 */
export function SistemaForm({ config }: { config: ConfiguracionSistema }) {
  const [valores, setValores] = useState(() => inputDe(config));
  const guardar = useGuardarConfiguracionSistema();
  const keys = useIdempotencyKeys();
  const set = (key: keyof ConfiguracionSistemaInput) => (value: string) => setValores((v) => ({ ...v, [key]: value }));

  // mutateAsync, not mutate's callbacks: the saved values re-key this form, which unmounts it.
  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    try {
      const { message } = await guardar.mutateAsync({ input: valores, idempotencyKey: keys.keyFor(valores) });
      keys.reset();
      configToast.success(message ?? 'Configuración actualizada correctamente');
    } catch (error) {
      configToast.error(errorMessage(error, 'Error al guardar la configuración'));
    }
  };

  const produccion = config.sistema.ambiente === 'produccion';
  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={(e) => void onSubmit(e)} aria-label="Información del sistema">
      <Title order={3} size="h4" mb="sm">Información del Sistema</Title>
      <Stack gap="sm">
        <TextInput label="Nombre del Sistema" required maxLength={100} value={valores.nombre} onChange={(e) => set('nombre')(e.currentTarget.value)} />
        <Autocomplete
          label="Zona Horaria"
          required
          maxLength={64}
          data={ZONAS}
          limit={20}
          value={valores.timezone}
          onChange={set('timezone')}
          description="Nombre IANA, por ejemplo America/Argentina/Buenos_Aires"
        />
        <Select label="Idioma" data={IDIOMAS} value={valores.idioma} onChange={(v) => set('idioma')(v ?? 'es')} allowDeselect={false} />
        <Dato inline label="Versión">{config.sistema.version}</Dato>
        <Dato inline label="Ambiente">
          <Badge color={produccion ? 'green' : 'yellow'} variant="light">{config.sistema.ambiente}</Badge>
        </Dato>
        <Dato inline label="Fecha de Instalación">{formatDateTime(config.sistema.fecha_instalacion)}</Dato>
        <Group justify="flex-end">
          <Button type="submit" loading={guardar.isPending}>Guardar Cambios</Button>
        </Group>
      </Stack>
    </Paper>
  );
}
