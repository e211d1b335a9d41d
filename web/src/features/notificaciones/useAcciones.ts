import {
  useEliminarNotificacion, useLimpiarNotificaciones, useMarcarLeida, useMarcarTodasLeidas,
} from '@/api/notificaciones';
import { notifyError } from '@/lib/notify';

/** The bell's and the centre's actions; a failure shows the server's message. */
export function useAcciones() {
  const leida = useMarcarLeida();
  const todas = useMarcarTodasLeidas();
  const eliminar = useEliminarNotificacion();
  const limpiar = useLimpiarNotificaciones();
  const fallo = { onError: (e: Error) => notifyError(e.message) };
  return {
    marcarLeida: (id: number) => leida.mutate(id, fallo),
    eliminar: (id: number) => eliminar.mutate(id, fallo),
    marcarTodas: () => todas.mutate(undefined, fallo),
    limpiar: (despues?: () => void) => limpiar.mutate(undefined, { ...fallo, onSuccess: despues }),
    limpiando: limpiar.isPending,
  };
}
