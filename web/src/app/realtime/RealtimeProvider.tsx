import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { invalidateFor, isDomainEvent } from '@/api/invalidation';
import { EventSocket } from '@/api/socket';
import { readToken, roleName, useSession } from '@/lib/session';
import { RealtimeContext } from '@/lib/realtime';
import { avisar } from './avisos';

/**
 * Opens the tab's one socket while a staff session lasts: every event
 * invalidates its queries through invalidateFor (no reloads), and the events
 * of the user's role show a toast.
 */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const { usuario, token } = useSession();
  const rol = usuario ? roleName(usuario) : null;
  const socket = useMemo(() => new EventSocket({
    token: readToken,
    onMensaje: (m) => {
      if (isDomainEvent(m.evento)) void invalidateFor(queryClient, m.evento);
      avisar(m, rol);
    },
  }), [queryClient, rol]);
  const usuarioId = usuario?.id;
  // a fresh token (a password change ends the old one and its socket) opens a fresh socket
  useEffect(() => {
    if (!usuarioId || !token) return undefined;
    socket.conectar();
    return () => socket.cerrar();
  }, [socket, usuarioId, token]);
  const estado = useSyncExternalStore(socket.suscribir, () => socket.estado);
  const value = useMemo(() => ({ estado, reconectar: () => socket.reconectar() }), [estado, socket]);
  return <RealtimeContext.Provider value={value}>{children}</RealtimeContext.Provider>;
}
