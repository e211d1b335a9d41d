import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { cajaEstadoQuery, hayCajaAbierta } from '@/api/caja';
import { mediosPagoActivosQuery, preciosQuery, seccionesActivasQuery, tiposViajeActivosQuery } from '@/api/config';
import { useEmpresa } from '@/lib/company';
import { useOnline } from '@/lib/connectivity';
import { cuandoInactivo } from '@/lib/idle';
import type { DuenoDatos } from '@/lib/offline/datosVenta';
import { useSession } from '@/lib/session';
import { CargaInicial } from '@/features/venta/components/CargaInicial';
import { VentaRapida } from '@/features/venta/components/VentaRapida';

const listo = (q: UseQueryResult) => q.data !== undefined;

/** What the device saves for an outage (lib/offline/datosVenta, with Dexie: the offline chunk), loaded apart. */
const datosVenta = () => import('@/lib/offline/datosVenta');

/** Saves on the device once the browser is idle: the offline chunk loads after the screen's first paint. */
function guardarAlQuedarInactivo(guardar: (modulo: Awaited<ReturnType<typeof datosVenta>>) => Promise<void>): void {
  cuandoInactivo(() => void datosVenta().then(guardar));
}

/** Opened offline, the splash says so this long at least (operaciones §2): the seller notices the mode. */
const AVISO_OFFLINE_MS = 1_200;

/**
 * The register's state is read again on each mount (cajaEstadoQuery), but not when it was read this
 * long ago or less: the read the app made as it booted on this screen (precarga.ts) is the mount's
 * own (a second one, after the first paint, rendered the whole sale screen again).
 */
const LECTURA_RECIENTE_MS = 3_000;

/** True once `ms` have passed since mount, when `activo` at mount; at once otherwise. */
function usePausa(activo: boolean, ms: number): boolean {
  const [inicial] = useState(activo);
  const [hecha, setHecha] = useState(!inicial);
  useEffect(() => {
    if (!inicial) return;
    const timer = setTimeout(() => setHecha(true), ms);
    return () => clearTimeout(timer);
  }, [inicial, ms]);
  return hecha;
}

/**
 * /admin/venta-pasajes. The splash follows the real calls: any answer (connected),
 * catalogs, register state, price table; then the sale screen. The sale screen is built in a
 * deferred render once everything is there (also at once, when the data came with the page's
 * code): React builds it in slices between which the browser paints the splash and answers input,
 * instead of one long task of a slow phone's main thread.
 *
 * Online, what it reads is saved on the device (lib/offline/datosVenta); offline the splash says
 * 'Sistema en modo offline. Cargando...' and the screen sells from what is in memory or saved,
 * each sale made on this device (lib/offline/ventaSinConexion).
 */
export function VentaPasajesPage() {
  const online = useOnline();
  const { usuario } = useSession();
  const empresa = useEmpresa();
  const secciones = useQuery(seccionesActivasQuery);
  const tipos = useQuery(tiposViajeActivosQuery);
  const medios = useQuery(mediosPagoActivosQuery);
  const estado = useQuery({ ...cajaEstadoQuery, refetchOnMount: (q) => Date.now() - q.state.dataUpdatedAt > LECTURA_RECIENTE_MS });
  const precios = useQuery(preciosQuery);
  const todas: UseQueryResult[] = [secciones, tipos, medios, estado, precios];

  const usuarioId = usuario?.id;
  const empresaId = usuario?.empresa.id;
  const dueno = useMemo<DuenoDatos | null>(
    () => (usuarioId !== undefined && empresaId !== undefined ? { usuarioId, empresaId } : null), [usuarioId, empresaId],
  );
  // What is saved on the device (the screen may sell from it), read once the link drops (online the
  // server's answers are used, and a read after the first paint would render the whole sale screen
  // again), read again each time it drops; the last read stays meanwhile, so a link that flickers
  // never takes the screen from under the seller.
  const locales = useQuery({
    queryKey: ['venta', 'datos-locales', dueno],
    queryFn: async () => (await datosVenta()).leerDatosVenta(dueno!),
    enabled: dueno !== null && !online,
    networkMode: 'always',
    staleTime: Infinity,
    gcTime: 0,
  });
  const releer = locales.refetch;
  useEffect(() => {
    if (!online) void releer();
  }, [online, releer]);

  // Whatever comes from the server is saved for a later outage.
  const catalogoDe = Math.min(secciones.dataUpdatedAt, tipos.dataUpdatedAt, medios.dataUpdatedAt, precios.dataUpdatedAt);
  useEffect(() => {
    if (!dueno || !secciones.data || !tipos.data || !medios.data || !precios.data) return;
    const catalogo = { secciones: secciones.data, tipos: tipos.data, medios: medios.data, precios: precios.data };
    guardarAlQuedarInactivo((d) => d.guardarCatalogoVenta(dueno, catalogo));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- saved when a read answers, not on every render
  }, [dueno, catalogoDe]);
  useEffect(() => {
    if (!dueno || !estado.data) return;
    const caja = hayCajaAbierta(estado.data) ? estado.data.caja : null;
    guardarAlQuedarInactivo((d) => d.guardarCajaVenta(dueno, caja));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- saved when a read answers
  }, [dueno, estado.dataUpdatedAt]);
  const empresaCompleta = empresa.id !== undefined && empresa.prefijo_pasaje ? empresa : null;
  useEffect(() => {
    if (dueno && empresaCompleta?.id !== undefined && empresaCompleta.prefijo_pasaje) {
      const guardada = {
        id: empresaCompleta.id, nombre: empresaCompleta.nombre, prefijo_pasaje: empresaCompleta.prefijo_pasaje,
        timezone: empresaCompleta.timezone ?? '', logo_url: empresaCompleta.logo_url ?? '',
      };
      guardarAlQuedarInactivo((d) => d.guardarEmpresaVenta(dueno, guardada));
    }
  }, [dueno, empresaCompleta]);

  const guardados = locales.data;
  const datosSinConexion = {
    empresa: empresaCompleta?.id !== undefined && empresaCompleta.prefijo_pasaje
      ? { id: empresaCompleta.id, nombre: empresaCompleta.nombre, prefijo_pasaje: empresaCompleta.prefijo_pasaje, timezone: empresaCompleta.timezone ?? '', logo_url: empresaCompleta.logo_url ?? '' }
      : (guardados?.empresa ?? null),
    catalogoDe: secciones.data ? catalogoDe : (guardados?.catalogo?.guardado_en ?? null),
    cajaDe: estado.data ? estado.dataUpdatedAt : (guardados?.caja?.guardado_en ?? null),
  };

  const cargado = todas.every(listo);
  const mostrar = useDeferredValue(cargado, false);
  const pausaOffline = usePausa(!online, AVISO_OFFLINE_MS);
  const [desdeGuardados, setDesdeGuardados] = useState(false);

  if (mostrar && pausaOffline && secciones.data && tipos.data && medios.data && estado.data && precios.data) {
    return (
      <VentaRapida
        secciones={secciones.data}
        tipos={tipos.data}
        medios={medios.data}
        precios={precios.data}
        caja={hayCajaAbierta(estado.data) ? estado.data.caja : null}
        sinConexion={!online}
        datosSinConexion={datosSinConexion}
      />
    );
  }

  // Offline with nothing in memory: the sale runs on what this device saved, and keeps to it until
  // the server's data is in (a link that comes back, or seems to, does not take the screen away
  // from under the seller, nor the after-sale dialog: the same VentaRapida goes on).
  const catalogo = guardados?.catalogo;
  const local = pausaOffline && catalogo && (!online || desdeGuardados);
  if (local && !desdeGuardados) setDesdeGuardados(true);
  if (local && catalogo) {
    return (
      <VentaRapida
        secciones={catalogo.secciones}
        tipos={catalogo.tipos}
        medios={catalogo.medios}
        precios={catalogo.precios}
        caja={guardados.caja?.caja ?? null}
        sinConexion
        datosSinConexion={datosSinConexion}
      />
    );
  }

  const pasos = [todas.some((q) => !q.isPending), [secciones, tipos, medios].every(listo), listo(estado), listo(precios)];
  const etapa = pasos.findIndex((hecho) => !hecho);
  const fallidas = todas.filter((q) => q.isError && !listo(q));
  return (
    <CargaInicial
      etapa={etapa === -1 ? pasos.length : etapa}
      offline={!online}
      sinDatosGuardados={!online && pausaOffline && locales.isFetched && !catalogo}
      error={fallidas.length > 0}
      onRetry={() => fallidas.forEach((q) => q.refetch())}
    />
  );
}
