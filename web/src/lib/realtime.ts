import { createContext, useContext } from 'react';

/** conectando: opening or waiting to retry; conectado: live; desconectado: retries exhausted. */
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

