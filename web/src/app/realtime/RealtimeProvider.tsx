import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { invalidateFor, isDomainEvent } from '@/api/invalidation';
import { EventSocket } from '@/api/socket';
import { readToken, roleName, useSession } from '@/lib/session';
import { cuandoInactivo } from '@/lib/idle';
import { RealtimeContext } from '@/lib/realtime';
import { avisar } from './avisos';

/**
 * Opens the tab's one socket while a staff session lasts, once the browser is idle after the first
 * screen (the screen's data came with its first render; events only refresh it): every event
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
  /** Until the first opening, the header says 'Conectando…', not 'Desconectado'. */
  const [esperando, setEsperando] = useState(true);
  // a fresh token (a password change ends the old one and its socket) opens a fresh socket
  useEffect(() => {
    if (!usuarioId || !token) return undefined;
    const cancelar = cuandoInactivo(() => {
      setEsperando(false);
      socket.conectar();
    });
    return () => {
      cancelar();
      socket.cerrar();
    };
  }, [socket, usuarioId, token]);
  const estadoSocket = useSyncExternalStore(socket.suscribir, () => socket.estado);
  const estado = esperando && usuarioId ? 'conectando' : estadoSocket;
  const value = useMemo(() => ({ estado, reconectar: () => socket.reconectar() }), [estado, socket]);
  return <RealtimeContext.Provider value={value}>{children}</RealtimeContext.Provider>;
}
