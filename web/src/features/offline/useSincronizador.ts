import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { iniciarCuandoInactivo } from '@/lib/idle';
import { notifyInfo } from '@/lib/notify';

/**
 * The sync worker and the call it makes, a chunk of their own with the offline database (Dexie):
 * loaded once the first screen is up, not before it.
 */
const cargarSincronizador = () =>
  Promise.all([import('@/lib/offline/sincronizador'), import('@/api/sincronizacion')]).then(([sincronizador, api]) => ({
    ...sincronizador, enviarLote: api.enviarLote,
  }));

/**
 * Starts this tab's sync worker (lib/offline/sincronizador) while mounted, once the browser is idle
 * after the first screen: the app shell mounts it once. What a run settled changes the server's
 * data (tickets boarded, sales, conflicts): the screens' queries are refreshed.
 */
export function useSincronizadorOffline(): void {
  const queryClient = useQueryClient();
  useEffect(() => iniciarCuandoInactivo(cargarSincronizador, ({ iniciarSincronizador, enviarLote }) =>
    iniciarSincronizador(enviarLote, (resumen) => {
      if (resumen.sincronizadas + resumen.fallidas > 0) void queryClient.invalidateQueries();
    })), [queryClient]);
}

/** 'Sincronizar ahora': one run of the worker at once, with its toasts; `sincronizando` while it runs. */
export function useSincronizarAhora() {
  const queryClient = useQueryClient();
  const [sincronizando, setSincronizando] = useState(false);
  const sincronizarAhora = useCallback(async () => {
    setSincronizando(true);
    try {
      const { sincronizar, enviarLote, avisarResumen } = await cargarSincronizador();
      const resumen = await sincronizar(enviarLote);
      if (!resumen) notifyInfo('Las acciones ya se están sincronizando en otra pestaña');
      else if (resumen.sincronizadas + resumen.fallidas + resumen.pospuestas === 0 && !resumen.error) notifyInfo('No hay acciones para sincronizar');
      else avisarResumen(resumen);
      // Asked for, a refusal for now is told too (the worker's own runs retry it in silence).
      if (resumen?.pospuestas) {
        notifyInfo(resumen.pospuestas === 1 ? '1 acción se reintentará más tarde' : `${resumen.pospuestas} acciones se reintentarán más tarde`);
      }
      if (resumen && resumen.sincronizadas + resumen.fallidas > 0) void queryClient.invalidateQueries();
    } finally {
      setSincronizando(false);
    }
  }, [queryClient]);
  return { sincronizarAhora, sincronizando };
}
