import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { salidasQuery, type Salida } from '@/api/salidas';
import { useEmpresa } from '@/lib/company';
import { useHoy } from '@/lib/dates';
import { useInactivo } from '@/lib/idle';
import { hayAlmacenLocal } from '@/lib/offline/persistencia';
import { conEmbarquesEnCola, salidaPorDefecto, salidasQueEmbarcan } from './salidaValidador';

/** The phone's copies (Dexie): a chunk the validator loads after its first paint (useValidadorOffline). */
const salidasLocales = () => import('./salidasLocales');
const pasajesLocales = () => import('./pasajesLocales');

/** How often the validator's departures refresh by themselves (boardings of other phones come as events too). */
const SALIDAS_REFRESH_MS = 30_000;

/** The key of this phone's queued boardings by departure; under the offline notice's count, refreshed with it. */
export const enColaPorSalidaKey = ['pasajesLocales', 'pendientes', 'salidas'] as const;

/** The departure the validator boards into, and today's others to change to in one tap. */
export interface SalidaDelValidador {
  /** Today's departures that board (salidasQueEmbarcan). */
  salidas: Salida[];
  /** The one chosen, else the default (salidaPorDefecto); null: the company has none today. */
  salida: Salida | null;
  elegir: (id: number) => void;
}

/**
 * Today's departures as the server last said: its answer, kept on the phone at each one (from the first
 * idle moment: the phone's database is no part of the first screen), and the phone's copy while there is
 * none (a validator opened offline).
 */
function useSalidasDeHoy(): Salida[] | undefined {
  const hoy = useHoy();
  const { id: empresaId } = useEmpresa();
  const inactivo = useInactivo();
  const { data } = useQuery({ ...salidasQuery(hoy), refetchInterval: SALIDAS_REFRESH_MS });
  useEffect(() => {
    if (inactivo && data && empresaId) void salidasLocales().then((m) => m.guardarSalidas(hoy, empresaId, data));
  }, [inactivo, data, hoy, empresaId]);
  const guardadas = useQuery({
    queryKey: ['salidasLocales', hoy, empresaId],
    queryFn: async () => (await salidasLocales()).leerSalidas(hoy, empresaId!),
    enabled: !data && Boolean(empresaId) && hayAlmacenLocal(),
    networkMode: 'always',
  });
  return data ?? guardadas.data ?? undefined;
}

/**
 * Today's departures of the company and the one the validator works on: the crew's choice while it
 * still boards, else the default. Its count (a_bordo) refreshes with every boarding event; offline
 * (`sinConexion`) it is the last one read plus this phone's queued boardings into it.
 */
export function useSalidaDelValidador(sinConexion = false): SalidaDelValidador {
  const data = useSalidasDeHoy();
  const enCola = useQuery({
    queryKey: enColaPorSalidaKey,
    queryFn: async () => (await pasajesLocales()).embarquesEnColaPorSalida(),
    enabled: sinConexion && hayAlmacenLocal(),
    networkMode: 'always',
  });
  const [elegida, elegir] = useState<number | null>(null);
  const propios = sinConexion ? enCola.data : undefined;
  const salidas = useMemo(() => {
    const abiertas = salidasQueEmbarcan(data ?? []);
    return propios ? abiertas.map((s) => conEmbarquesEnCola(s, propios)) : abiertas;
  }, [data, propios]);
  const salida = salidas.find((s) => s.id === elegida) ?? salidaPorDefecto(salidas, new Date());
  return { salidas, salida, elegir };
}
