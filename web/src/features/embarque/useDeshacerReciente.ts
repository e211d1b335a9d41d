import { useCallback, useState } from 'react';
import { errorMessage } from '@/lib/api';
import { newIdempotencyKey } from '@/lib/idempotency';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useDeshacerEmbarque } from '@/api/embarque';
import type { EmbarqueReciente } from '@/features/embarque/components/DeshacerEmbarque';

/** How long the server lets a crew member undo their boarding (domain.PlazoDeshacerEmbarque). */
export const PLAZO_DESHACER_MS = 2 * 60_000;

/** A boarding made on this screen, with when (Date.now()), while the server may still undo it. */
interface EmbarqueHecho extends EmbarqueReciente {
  en: number;
}

/** This screen's boardings that may still be undone, for the validator's manifest (ManifiestoValidadorLista). */
export interface DeshacerEnManifiesto {
  /** The tickets boarded here within the server's term, by id. */
  ids: ReadonlySet<number>;
  /** The ticket being undone, or null. */
  deshaciendoId: number | null;
  onDeshacer: (id: number) => void;
}

/**
 * The boardings made on this screen and their undo: the same call, window and permission in the
 * validator and the passenger list. components/DeshacerEmbarque shows the last one for a few seconds
 * (`reciente`, until `olvidar`); the validator's manifest offers every one of the server's term
 * (`enManifiesto`), so the undo outlives the bar that the next result takes away.
 */
export function useDeshacerReciente() {
  const deshacer = useDeshacerEmbarque();
  const [reciente, setReciente] = useState<EmbarqueReciente | null>(null);
  const [hechos, setHechos] = useState<EmbarqueHecho[]>([]);

  const deshacerUno = (hecho: EmbarqueReciente) => {
    deshacer.mutate({ id: hecho.id, clave: newIdempotencyKey() }, {
      onSuccess: ({ data, message }) => {
        notifySuccess(message ?? 'Embarque deshecho');
        // The phone's copy of the ticket boards again offline.
        void import('@/features/embarque/pasajesLocales')
          .then((m) => m.anotarEstadoOnline(data.numero_pasaje, data.estado, data.fecha_embarque ?? null)).catch(() => undefined);
      },
      onError: (e) => notifyError(errorMessage(e, 'Error al deshacer el embarque')),
      onSettled: () => {
        setReciente((r) => (r?.clave === hecho.clave ? null : r));
        setHechos((hs) => hs.filter((h) => h.clave !== hecho.clave));
      },
    });
  };

  const ofrecer = useCallback((hecho: EmbarqueReciente) => {
    const ahora = Date.now();
    setReciente(hecho);
    setHechos((hs) => [...hs.filter((h) => ahora - h.en < PLAZO_DESHACER_MS && h.id !== hecho.id), { ...hecho, en: ahora }]);
  }, []);
  const olvidar = useCallback(() => setReciente(null), []);
  const deshacerReciente = () => {
    if (reciente) deshacerUno(reciente);
  };

  const deshaciendoId = deshacer.isPending ? (deshacer.variables?.id ?? null) : null;
  const enManifiesto: DeshacerEnManifiesto = {
    ids: new Set(hechos.map((h) => h.id)),
    deshaciendoId,
    onDeshacer: (id) => {
      const hecho = hechos.find((h) => h.id === id);
      if (hecho) deshacerUno(hecho);
    },
  };
  return { reciente, ofrecer, deshaciendo: deshaciendoId !== null && deshaciendoId === reciente?.id, deshacerReciente, olvidar, enManifiesto };
}
