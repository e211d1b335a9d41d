import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useWindowEvent } from '@mantine/hooks';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useEsteDispositivo } from '@/api/dispositivos';
import type { Embarque } from '@/api/embarque';
import { api, ApiError } from '@/lib/api';
import { useEmpresa } from '@/lib/company';
import { useOnline } from '@/lib/connectivity';
import { useHoy } from '@/lib/dates';
import { useInactivo } from '@/lib/idle';
import { hayAlmacenLocal } from '@/lib/offline/persistencia';
import type { EstadoPasajesLocales } from './pasajesLocales';
import type { ValidacionOffline } from './useValidacion';
import type { ClavesOffline } from './validacionOffline';

/**
 * What the validator does without a link (Dexie, the tickets kept on the phone, the offline rules): the
 * `offline` chunk, out of the first screen's download. It is fetched once the validator is painted and the
 * browser idle (useValidadorOffline), long before a scan: offline, a validation awaits it (the service worker
 * has it precached).
 */
const cargarOffline = () => Promise.all([import('./pasajesLocales'), import('./salidasLocales'), import('./validacionOffline'),
  import('./certificadosLocales')])
  .then(([pasajes, salidas, validacion, certificados]) => ({ ...pasajes, ...salidas, ...validacion, ...certificados }));

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

/** The key of the count of this phone's queued boardings (the offline notice's). */
export const pendientesKey = ['pasajesLocales', 'pendientes'] as const;

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
      const { verificarCertificado } = await import('@/lib/offline/verificar');
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
  const inactivo = useInactivo();

  useEffect(() => {
    if (inactivo) void cargarOffline().catch(() => undefined);
  }, [inactivo]);
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
    const { leerSalidas, leerCertificados, validarSinConexion, almacenPasajes } = await cargarOffline();
    // the departure as last read from the server (kept on the phone): its state, boat and count
    const salida = salidaId != null && empresaId ? (await leerSalidas(hoy, empresaId))?.find((s) => s.id === salidaId) : undefined;
    // the company's device certificates as last read: a short code's device
    const certificadoDe = empresaId ? await leerCertificados(empresaId) : null;
    const r = await validarSinConexion(codigo, confirmarFecha, { claves, certificadoDe, hoy, ahora: Date.now(), almacen: almacenPasajes, salida });
    void queryClient.invalidateQueries({ queryKey: pendientesKey });
    return r;
  }, [claves, hoy, empresaId, queryClient]);
  const marcarSinConexion = useCallback(() => setSinServidor(true), []);
  const embarcadoOnline = useCallback((e: Embarque) => {
    void cargarOffline().then((m) => m.anotarEmbarqueOnline(e)).catch(() => undefined);
  }, []);

  // A browser without IndexedDB cannot validate offline: it says there is no connection, as before.
  const local = hayAlmacenLocal();
  const offline = useMemo<ValidacionOffline | undefined>(() =>
    (local ? { activo, validar, sinConexion: marcarSinConexion, embarcadoOnline } : undefined),
  [local, activo, validar, marcarSinConexion, embarcadoOnline]);
  return { offline, sinConexion: activo, conClave: claves !== null };
}
