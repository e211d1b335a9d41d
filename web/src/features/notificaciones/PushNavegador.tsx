import { Button, Stack, Text } from '@mantine/core';
import { IconBellOff, IconBellRinging } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { estadoPushQuery, useCambiarPush } from '@/api/push';
import { paginaSegura } from '@/lib/contextoSeguro';
import { notifySuccess } from '@/lib/notify';
import { mensajeErrorPush, MSG_PUSH_BLOQUEADO } from '@/lib/push';

/**
 * Turns this browser's push notifications on or off with a click (they reach it with every tab
 * closed). Shown only where the browser has the Push API and Muelle's service worker is registered;
 * where the user blocked notifications, it says how to allow them. On a page that is not a secure
 * context (no service worker, no Push API) the button stays, disabled and described by the
 * AvisoConexionInsegura whose id is `avisoConexionId`.
 */
export function PushNavegador({ avisoConexionId }: { avisoConexionId: string }) {
  const { data: estado } = useQuery(estadoPushQuery());
  const cambiar = useCambiarPush();
  const [error, setError] = useState<string | null>(null);
  if (!paginaSegura()) {
    return (
      <Button size="xs" variant="light" disabled aria-describedby={avisoConexionId} leftSection={<IconBellRinging size={14} aria-hidden />}>
        Activar notificaciones push
      </Button>
    );
  }
  if (estado === 'bloqueado') return <Text size="xs" c="dimmed">{MSG_PUSH_BLOQUEADO}</Text>;
  if (estado !== 'activo' && estado !== 'inactivo') return null;
  const activo = estado === 'activo';
  const Icono = activo ? IconBellOff : IconBellRinging;
  return (
    <Stack gap={4} align="flex-start">
      <Button size="xs" variant="light" loading={cambiar.isPending} leftSection={<Icono size={14} aria-hidden />}
        onClick={() => {
          setError(null);
          cambiar.mutate(!activo, { onSuccess: (message) => notifySuccess(message), onError: (e) => setError(mensajeErrorPush(e)) });
        }}>
        {activo ? 'Desactivar notificaciones push' : 'Activar notificaciones push'}
      </Button>
      {error && <Text size="xs" c="red" role="alert">{error}</Text>}
    </Stack>
  );
}
