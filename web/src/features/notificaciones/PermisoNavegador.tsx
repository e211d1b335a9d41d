import { Button, Text } from '@mantine/core';
import { IconBellRinging } from '@tabler/icons-react';
import { useState } from 'react';
import { MSG_NO_SOPORTADAS, pedirPermisoNotificaciones, permisoNotificaciones } from '@/lib/browserNotifications';

/** Asks, from a click, for the browser's permission to notify; says so when there is no such API. */
export function PermisoNavegador() {
  const [permiso, setPermiso] = useState(permisoNotificaciones);
  if (permiso === 'no-soportado') return <Text size="xs" c="dimmed">{MSG_NO_SOPORTADAS}</Text>;
  if (permiso === 'granted') return <Text size="xs" c="dimmed">Notificaciones del navegador activadas</Text>;
  if (permiso === 'denied') return <Text size="xs" c="dimmed">El navegador bloqueó las notificaciones</Text>;
  return (
    <Button size="xs" variant="light" leftSection={<IconBellRinging size={14} aria-hidden />}
      onClick={() => void pedirPermisoNotificaciones().then(setPermiso)}>
      Activar notificaciones del navegador
    </Button>
  );
}
