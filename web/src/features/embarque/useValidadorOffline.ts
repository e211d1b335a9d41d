import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useWindowEvent } from '@mantine/hooks';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useEsteDispositivo } from '@/api/dispositivos';
import type { Embarque } from '@/api/embarque';
import { api, ApiError } from '@/lib/api';
import { useEmpresa } from '@/lib/company';
import { useOnline } from '@/lib/connectivity';
import { useHoy } from '@/lib/dates';
import { verificarCertificado } from '@/lib/offline/verificar';
import {
  almacenPasajes, anotarEmbarqueOnline, embarquesPendientes, hayAlmacenLocal, usePasajesLocales, type EstadoPasajesLocales,
} from './pasajesLocales';
import type { ValidacionOffline } from './useValidacion';
import { leerSalidas } from './salidasLocales';
import { validarSinConexion, type ClavesOffline } from './validacionOffline';

/** While the browser says online but the server did not answer, how often the validator asks again. */
export const SONDEO_SERVIDOR_MS = 10_000;

/** What the validator's offline notice shows. */
export interface AvisoOffline {
  /** True while offline. */
  activo: boolean;
  /** The tickets kept on this phone: when, how many; null when none. */
  pasajes: EstadoPasajesLocales | null;
  /** Boardings waiting in the queue to reach the server. */
  pendientes: number;
  /** Whether this phone holds the company's key (registered as a device of this company). */
  conClave: boolean;
}

const pendientesKey = ['pasajesLocales', 'pendientes'] as const;

/** The company's key from this phone's registration as a device, when it is this company's. */
function useClaves(): ClavesOffline | null {
  const este = useEsteDispositivo();
  const { id: empresaId } = useEmpresa();
  const registro = este.data;
  const claves = useQuery({
    queryKey: ['pasajesLocales', 'claves', registro?.certificado, empresaId],
    enabled: Boolean(registro && empresaId),
    networkMode: 'always',
    staleTime: Infinity,
    queryFn: async (): Promise<ClavesOffline | null> => {
      // The registration's own certificate tells whether its key is this company's (an expired one still verifies tickets).
      const cert = await verificarCertificado(registro!.clave_empresa, empresaId!, registro!.certificado, Date.now());
      const usable = cert.valido || cert.motivo === 'certificado_vencido';
      return usable ? { claveEmpresa: registro!.clave_empresa, empresaId: empresaId! } : null;
    },
  });
  return claves.data ?? null;
}

/**
 * The validator's offline mode: on while the browser is offline, or since a validation found no
 * link, until the link returns ('online', or the server answering again); it keeps the tickets on
 * the phone while online and validates on the phone while offline (validacionOffline.ts).
 */
export function useValidadorOffline(): { offline: ValidacionOffline | undefined; sinConexion: boolean; conClave: boolean } {
  const online = useOnline();
  const [sinServidor, setSinServidor] = useState(false);
  const queryClient = useQueryClient();
  const hoy = useHoy();
  const activo = !online || sinServidor;
  const claves = useClaves();
  const { id: empresaId } = useEmpresa();

  useWindowEvent('online', () => setSinServidor(false));
  useEffect(() => {
    if (!sinServidor || !online) return undefined;
    const sondeo = window.setInterval(() => {
      api.get('/health').then(() => setSinServidor(false), (error: unknown) => {
        // An answer, even a refusal, means the server is reachable again.
        if (error instanceof ApiError && error.status !== 0) setSinServidor(false);
      });
    }, SONDEO_SERVIDOR_MS);
    return () => window.clearInterval(sondeo);
  }, [sinServidor, online]);

  const validar = useCallback(async (codigo: string, confirmarFecha: boolean, salidaId?: number | null) => {
    // the departure as last read from the server (kept on the phone): its state, boat and count
    const salida = salidaId != null && empresaId ? (await leerSalidas(hoy, empresaId))?.find((s) => s.id === salidaId) : undefined;
    const r = await validarSinConexion(codigo, confirmarFecha, { claves, hoy, ahora: Date.now(), almacen: almacenPasajes, salida });
    void queryClient.invalidateQueries({ queryKey: pendientesKey });
    return r;
  }, [claves, hoy, empresaId, queryClient]);
  const marcarSinConexion = useCallback(() => setSinServidor(true), []);
  const embarcadoOnline = useCallback((e: Embarque) => {
    void anotarEmbarqueOnline(e).catch(() => undefined);
  }, []);

  // A browser without IndexedDB cannot validate offline: it says there is no connection, as before.
  const local = hayAlmacenLocal();
  const offline = useMemo<ValidacionOffline | undefined>(() =>
    (local ? { activo, validar, sinConexion: marcarSinConexion, embarcadoOnline } : undefined),
  [local, activo, validar, marcarSinConexion, embarcadoOnline]);
  return { offline, sinConexion: activo, conClave: claves !== null };
}

/**
 * The offline notice's figures: keeps today's and tomorrow's tickets on the phone while online
 * (usePasajesLocales) and counts the boardings waiting to be sent while offline. Its own hook, for a
 * component of its own: each save and count re-renders that component, not the whole validator
 * (on a slow phone, a render of the screen per answer after the first paint).
 */
export function useAvisoOffline(sinConexion: boolean, conClave: boolean): AvisoOffline {
  const hoy = useHoy();
  const pasajes = usePasajesLocales(hoy, !sinConexion);
  const local = hayAlmacenLocal();
  const pendientes = useQuery({
    queryKey: pendientesKey,
    queryFn: embarquesPendientes,
    enabled: local && sinConexion,
    networkMode: 'always',
  });
  return { activo: local && sinConexion, pasajes, pendientes: pendientes.data ?? 0, conClave };
}
