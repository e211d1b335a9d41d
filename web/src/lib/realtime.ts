import { createContext, useContext } from 'react';
import type { EstadoSocket } from '@/api/socket';

export interface Realtime {
  estado: EstadoSocket;
  reconectar: () => void;
}

export const RealtimeContext = createContext<Realtime>({ estado: 'desconectado', reconectar: () => {} });

/** The state of the tab's socket and its manual reconnect. */
export function useRealtime(): Realtime {
  return useContext(RealtimeContext);
}

