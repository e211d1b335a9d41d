import { useCallback } from 'react';
import { notifyError } from '@/lib/notify';
import { useConfigImpresion } from './config';
import { imprimirPasajesSinConexion, type TicketSinConexion } from './sinConexion';
import { imprimirPasajes } from './ventana';

export * from './config';
export * from './sinConexion';
export * from './ventana';

/**
 * Prints tickets with this browser's settings; a blocked window or a failure
 * shows the spec's message. Call it straight from the click (the window opens first).
 */
export function useImprimir(): (ids: readonly number[]) => Promise<boolean> {
  const [config] = useConfigImpresion();
  return useCallback(async (ids) => {
    try {
      await imprimirPasajes(ids, config);
      return true;
    } catch (error) {
      notifyError((error as Error).message);
      return false;
    }
  }, [config]);
}

/** Prints tickets sold offline (built here, not fetched), like useImprimir. */
export function useImprimirSinConexion(): (tickets: readonly TicketSinConexion[]) => Promise<boolean> {
  const [config] = useConfigImpresion();
  return useCallback(async (tickets) => {
    try {
      await imprimirPasajesSinConexion(tickets, config);
      return true;
    } catch (error) {
      notifyError((error as Error).message);
      return false;
    }
  }, [config]);
}
