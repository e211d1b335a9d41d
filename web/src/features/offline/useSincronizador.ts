import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { enviarLote } from '@/api/sincronizacion';
import { notifyInfo } from '@/lib/notify';
import { avisarResumen, iniciarSincronizador, sincronizar } from '@/lib/offline/sincronizador';

/**
 * Starts this tab's sync worker (lib/offline/sincronizador) while mounted: the app shell mounts it
 * once. What a run settled changes the server's data (tickets boarded, sales, conflicts): the
 * screens' queries are refreshed.
 */
export function useSincronizadorOffline(): void {
  const queryClient = useQueryClient();
  useEffect(() => iniciarSincronizador(enviarLote, (resumen) => {
    if (resumen.sincronizadas + resumen.fallidas > 0) void queryClient.invalidateQueries();
  }), [queryClient]);
}

/** 'Sincronizar ahora': one run of the worker at once, with its toasts; `sincronizando` while it runs. */
export function useSincronizarAhora() {
  const queryClient = useQueryClient();
  const [sincronizando, setSincronizando] = useState(false);
  const sincronizarAhora = useCallback(async () => {
    setSincronizando(true);
    try {
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
