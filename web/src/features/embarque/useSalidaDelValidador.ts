import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { salidasQuery, type Salida } from '@/api/salidas';
import { useHoy } from '@/lib/dates';
import { salidaPorDefecto, salidasQueEmbarcan } from './salidaValidador';

/** How often the validator's departures refresh by themselves (boardings of other phones come as events too). */
const SALIDAS_REFRESH_MS = 30_000;

/** The departure the validator boards into, and today's others to change to in one tap. */
export interface SalidaDelValidador {
  /** Today's departures that board (salidasQueEmbarcan). */
  salidas: Salida[];
  /** The one chosen, else the default (salidaPorDefecto); null: the company has none today. */
  salida: Salida | null;
  elegir: (id: number) => void;
}

/**
 * Today's departures of the company and the one the validator works on: the crew's choice while it
 * still boards, else the default. Its count (a_bordo) refreshes with every boarding event.
 */
export function useSalidaDelValidador(): SalidaDelValidador {
  const hoy = useHoy();
  const { data } = useQuery({ ...salidasQuery(hoy), refetchInterval: SALIDAS_REFRESH_MS });
  const [elegida, elegir] = useState<number | null>(null);
  const salidas = useMemo(() => salidasQueEmbarcan(data ?? []), [data]);
  const salida = salidas.find((s) => s.id === elegida) ?? salidaPorDefecto(salidas, new Date());
  return { salidas, salida, elegir };
}
