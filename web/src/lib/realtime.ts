import { createContext, useContext } from 'react';

/** conectando: opening, waiting to retry or for the network; conectado: live; desconectado: closed for good by the server, or no session. */
export type EstadoSocket = 'conectando' | 'conectado' | 'desconectado';

export interface Realtime {
  estado: EstadoSocket;
  reconectar: () => void;
}

export const RealtimeContext = createContext<Realtime>({ estado: 'desconectado', reconectar: () => {} });

/** The state of the tab's socket and its manual reconnect. */
export function useRealtime(): Realtime {
  return useContext(RealtimeContext);
}

