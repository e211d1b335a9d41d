import { useCallback, useState } from 'react';
import { errorMessage } from '@/lib/api';
import { newIdempotencyKey } from '@/lib/idempotency';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useDeshacerEmbarque } from '@/api/embarque';
import type { EmbarqueReciente } from '@/features/embarque/components/DeshacerEmbarque';

/**
 * The last boarding made on this screen and its undo: the same call, window and
 * permission in the validator and the passenger list (components/DeshacerEmbarque shows it).
 */
export function useDeshacerReciente() {
  const deshacer = useDeshacerEmbarque();
  const [reciente, setReciente] = useState<EmbarqueReciente | null>(null);

  const deshacerReciente = () => {
    if (!reciente) return;
    deshacer.mutate({ id: reciente.id, clave: newIdempotencyKey() }, {
      onSuccess: ({ data, message }) => {
        notifySuccess(message ?? 'Embarque deshecho');
        // The phone's copy of the ticket boards again offline.
        void import('@/features/embarque/pasajesLocales')
          .then((m) => m.anotarEstadoOnline(data.numero_pasaje, data.estado, data.fecha_embarque ?? null)).catch(() => undefined);
      },
      onError: (e) => notifyError(errorMessage(e, 'Error al deshacer el embarque')),
      onSettled: () => setReciente(null),
    });
  };

  const olvidar = useCallback(() => setReciente(null), []);
  return { reciente, ofrecer: setReciente, deshaciendo: deshacer.isPending, deshacerReciente, olvidar };
}
