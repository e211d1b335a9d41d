import { useCallback, useEffect, useState } from 'react';
import { enviarLote } from '@/api/sincronizacion';
import { notifyInfo } from '@/lib/notify';
import { avisarResumen, iniciarSincronizador, sincronizar } from '@/lib/offline/sincronizador';

/** Starts this tab's sync worker (lib/offline/sincronizador) while mounted: the app shell mounts it once. */
export function useSincronizadorOffline(): void {
  useEffect(() => iniciarSincronizador(enviarLote), []);
}

/** 'Sincronizar ahora': one run of the worker at once, with its toasts; `sincronizando` while it runs. */
export function useSincronizarAhora() {
  const [sincronizando, setSincronizando] = useState(false);
  const sincronizarAhora = useCallback(async () => {
    setSincronizando(true);
    try {
      const resumen = await sincronizar(enviarLote);
      if (!resumen) notifyInfo('Las acciones ya se están sincronizando en otra pestaña');
      else if (resumen.sincronizadas === 0 && resumen.fallidas === 0 && !resumen.error) notifyInfo('No hay acciones para sincronizar');
      else avisarResumen(resumen);
    } finally {
      setSincronizando(false);
    }
  }, []);
  return { sincronizarAhora, sincronizando };
}
