import { Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconDeviceMobile } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { avisoRegistro, useEsteDispositivo, useRegistrarEsteDispositivo } from '@/api/dispositivos';
import { LazyModal } from '@/components/LazyModal';
import { errorMessage } from '@/lib/api';
import { paginaSegura } from '@/lib/contextoSeguro';
import { notifySuccess } from '@/lib/notify';

/** The longest device name (domain.MaxNombreDispositivo). */
const MAX_NOMBRE = 60;

/**
 * Online, on a browser that is not a registered device: says so (`aviso`: what it cannot do without a
 * registration) and registers it by a name. The sale screen and the validator show it: a seller or a
 * crew member registers their own device (the server bounds how many). On a page that is not a secure
 * context (no WebCrypto to make the keys) its button stays, disabled and described by the screen's
 * AvisoConexionInsegura (`avisoConexionId`).
 */
export function RegistroDispositivo({ aviso, avisoConexionId }: { aviso: string; avisoConexionId: string }) {
  const dispositivo = useEsteDispositivo();
  const registrar = useRegistrarEsteDispositivo();
  const [abierto, setAbierto] = useState(false);
  const [nombre, setNombre] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (dispositivo.isPending || dispositivo.data) return null;
  const segura = paginaSegura();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!nombre.trim()) {
      setError('El nombre del dispositivo es obligatorio');
      return;
    }
    try {
      notifySuccess(avisoRegistro(await registrar.mutateAsync(nombre)));
      setAbierto(false);
    } catch (e) {
      setError(errorMessage(e, 'No se pudo registrar este dispositivo'));
    }
  };

  return (
    <Paper withBorder p="xs" radius="md">
      <Group justify="space-between" gap="xs">
        <Group gap="xs" wrap="nowrap">
          <IconDeviceMobile size={18} aria-hidden style={{ flexShrink: 0 }} />
          <Text size="sm">{aviso}</Text>
        </Group>
        <Button size="xs" variant="light" disabled={!segura} aria-describedby={segura ? undefined : avisoConexionId}
          onClick={() => { setError(null); setAbierto(true); }}>
          Registrar este dispositivo
        </Button>
      </Group>
      <LazyModal opened={abierto} onClose={() => setAbierto(false)} title="Registrar este dispositivo" centered>
        <form onSubmit={(e) => void onSubmit(e)} noValidate>
          <Stack>
            <TextInput
              label="Nombre del dispositivo"
              description="Para reconocerlo en la lista de dispositivos, por ejemplo «Boletería 2»"
              maxLength={MAX_NOMBRE}
              value={nombre}
              onChange={(e) => { setNombre(e.currentTarget.value); setError(null); }}
              error={error}
              data-autofocus
              required
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setAbierto(false)}>Cancelar</Button>
              <Button type="submit" loading={registrar.isPending}>Registrar</Button>
            </Group>
          </Stack>
        </form>
      </LazyModal>
    </Paper>
  );
}
