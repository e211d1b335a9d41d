import { Button, Text } from '@mantine/core';
import { IconBellRinging } from '@tabler/icons-react';
import { useState } from 'react';
import { paginaSegura } from '@/lib/contextoSeguro';
import { MSG_NO_SOPORTADAS, pedirPermisoNotificaciones, permisoNotificaciones } from '@/lib/browserNotifications';

/** What is said instead of the button, by the browser's answer. */
const ESTADOS: Partial<Record<ReturnType<typeof permisoNotificaciones>, string>> = {
  'no-soportado': MSG_NO_SOPORTADAS,
  granted: 'Notificaciones del navegador activadas',
  denied: 'El navegador bloqueó las notificaciones',
};

/**
 * Asks, from a click, for the browser's permission to notify; says so when there is no such API. On a
 * page that is not a secure context the browser refuses without asking (and reads as having blocked
 * them): the button stays, disabled and described by the AvisoConexionInsegura whose id is `avisoConexionId`.
 */
export function PermisoNavegador({ avisoConexionId }: { avisoConexionId: string }) {
  const [permiso, setPermiso] = useState(permisoNotificaciones);
  const segura = paginaSegura();
  const estado = segura ? ESTADOS[permiso] : undefined;
  if (estado) return <Text size="xs" c="dimmed">{estado}</Text>;
  return (
    <Button size="xs" variant="light" leftSection={<IconBellRinging size={14} aria-hidden />}
      disabled={!segura} aria-describedby={segura ? undefined : avisoConexionId}
      onClick={() => void pedirPermisoNotificaciones().then(setPermiso)}>
      Activar notificaciones del navegador
    </Button>
  );
}
