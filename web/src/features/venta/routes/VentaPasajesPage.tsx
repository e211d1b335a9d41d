import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import { cajaEstadoQuery, hayCajaAbierta } from '@/api/caja';
import { mediosPagoActivosQuery, preciosQuery, seccionesActivasQuery, tiposViajeActivosQuery } from '@/api/config';
import { useOnline } from '@/lib/connectivity';
import { CargaInicial } from '@/features/venta/components/CargaInicial';
import { VentaRapida } from '@/features/venta/components/VentaRapida';

const listo = (q: UseQueryResult) => q.data !== undefined;

/**
 * /admin/venta-pasajes. The splash follows the real calls: any answer (connected),
 * catalogs, register state, price table; then the sale screen. The sale screen is built in a
 * deferred render once everything is there (also at once, when the data came with the page's
 * code): React builds it in slices between which the browser paints the splash and answers input,
 * instead of one long task of a slow phone's main thread.
 */
export function VentaPasajesPage() {
  const online = useOnline();
  const secciones = useQuery(seccionesActivasQuery);
  const tipos = useQuery(tiposViajeActivosQuery);
  const medios = useQuery(mediosPagoActivosQuery);
  const estado = useQuery(cajaEstadoQuery);
  const precios = useQuery(preciosQuery);
  const todas: UseQueryResult[] = [secciones, tipos, medios, estado, precios];

  const cargado = todas.every(listo);
  const mostrar = useDeferredValue(cargado, false);

  if (mostrar && secciones.data && tipos.data && medios.data && estado.data && precios.data) {
    return (
      <VentaRapida
        secciones={secciones.data}
        tipos={tipos.data}
        medios={medios.data}
        precios={precios.data}
        caja={hayCajaAbierta(estado.data) ? estado.data.caja : null}
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
      error={fallidas.length > 0}
      onRetry={() => fallidas.forEach((q) => q.refetch())}
    />
  );
}
