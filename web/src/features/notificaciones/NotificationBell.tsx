import { ActionIcon, Anchor, Badge, Button, Divider, Group, Indicator, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { notificacionesQuery } from '@/api/notificaciones';
import { AvisoConexionInsegura } from '@/components/AvisoConexionInsegura';
import { useOnline } from '@/lib/connectivity';
import { useInactivo } from '@/lib/idle';
import { paths } from '@/lib/paths';
import { useRealtime } from '@/lib/realtime';
import { NotificacionItem } from './NotificacionItem';
import { PermisoNavegador } from './PermisoNavegador';
import { PushNavegador } from './PushNavegador';
import { useAcciones } from './useAcciones';

/** The unread badge: the count, '9+' above 9 (operaciones §9). */
export function etiquetaNoLeidas(n: number): string {
  return n > 9 ? '9+' : String(n);
}

/**
 * The live updates' state in the bell's panel (the header shows the connection's, ConnectionBadge):
 * 'Sin conexión' while the browser is offline (the socket waits for the network), with the manual
 * reconnect only when the server closed the socket for good.
 */
export function EstadoConexion() {
  const { estado, reconectar } = useRealtime();
  const online = useOnline();
  const label = online ? { conectado: 'Conectado', conectando: 'Conectando…', desconectado: 'Desconectado' }[estado] : 'Sin conexión';
  return (
    <Group gap="xs" wrap="nowrap">
      <Badge role="status" aria-label={`Tiempo real: ${label}`} variant="dot" tt="none"
        color={online && estado === 'conectado' ? 'green' : online && estado === 'conectando' ? 'yellow' : 'red'}>
        {label}
      </Badge>
      {online && estado === 'desconectado' && <Button size="compact-xs" variant="light" onClick={reconectar}>Reconectar</Button>}
    </Group>
  );
}

/**
 * The header bell: the unread count and the panel of the newest notifications (at most 50). The
 * panel (a portal) is mounted once the browser is idle or the bell is pressed, not in the screen's
 * first render.
 */
export function NotificationBell() {
  const inactivo = useInactivo();
  const { data } = useQuery({ ...notificacionesQuery(), enabled: inactivo });
  const noLeidas = data?.no_leidas ?? 0;
  const [abierta, setAbierta] = useState(false);
  return (
    // trapFocus: the panel takes the focus when it opens, so Escape (handled inside it) closes it and
    // the focus returns to the bell
    <Popover width={380} position="bottom-end" shadow="md" withinPortal trapFocus returnFocus onOpen={() => setAbierta(true)}>
      {/* The popover's target is the button itself: it gets aria-haspopup and aria-expanded, not the badge's wrapper. */}
      <Indicator label={etiquetaNoLeidas(noLeidas)} size={18} disabled={noLeidas === 0} color="red" offset={4}>
        <Popover.Target>
          <ActionIcon variant="subtle" color="gray" size="lg"
            aria-label={noLeidas ? `Notificaciones: ${noLeidas} sin leer` : 'Notificaciones'}>
            <IconBell size={22} aria-hidden />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      {(inactivo || abierta) && (
        <Popover.Dropdown>
          <PanelNotificaciones />
        </Popover.Dropdown>
      )}
    </Popover>
  );
}

/**
 * The bell's panel: connection state, mark all read, clear all, each notification, the browser permission,
 * Web Push (with the notice of a page that is not a secure context, where neither can be turned on).
 */
export function PanelNotificaciones() {
  const { data } = useQuery(notificacionesQuery());
  const acciones = useAcciones();
  const avisoConexionId = useId();
  const noLeidas = data?.no_leidas ?? 0;
  const lista = data?.notificaciones ?? [];
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text fw={700}>Notificaciones</Text>
        <EstadoConexion />
      </Group>
      <Group gap="xs">
        <Button size="compact-xs" variant="subtle" disabled={noLeidas === 0} onClick={acciones.marcarTodas}>
          Marcar todas como leídas
        </Button>
        <Button size="compact-xs" variant="subtle" color="red" disabled={lista.length === 0}
          onClick={() => acciones.limpiar()}>
          Limpiar todas
        </Button>
      </Group>
      <Divider />
      <ScrollArea.Autosize mah={360}>
        <Stack gap="xs">
          {lista.length === 0 && <Text size="sm" c="dimmed" ta="center" py="md">No hay notificaciones</Text>}
          {lista.map((n) => (
            <NotificacionItem key={n.id} notificacion={n} onLeida={acciones.marcarLeida} onEliminar={acciones.eliminar} />
          ))}
        </Stack>
      </ScrollArea.Autosize>
      <Divider />
      <AvisoConexionInsegura id={avisoConexionId} />
      <Group justify="space-between">
        <PermisoNavegador avisoConexionId={avisoConexionId} />
        <Anchor component={Link} to={paths.notificaciones} size="sm">Ver todas</Anchor>
      </Group>
      <PushNavegador avisoConexionId={avisoConexionId} />
    </Stack>
  );
}
