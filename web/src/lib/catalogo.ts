import { queryOptions } from '@tanstack/react-query';
import { api } from './api';

/** A section, trip type or payment method as GET /config/{lista} returns it. */
export interface ItemActivo {
  id: number;
  nombre: string;
  descripcion: string;
  activo: boolean;
  /** Persons; sections only. */
  capacidad?: number;
}

/** One cell of the price table. */
export interface Precio {
  seccion_id: number;
  tipo_viaje_id: number;
  precio: number;
}

type Lista = 'secciones' | 'tipos-viaje' | 'medios-pago';

// Under ['config', lista] so that the configuration screens' invalidations refresh these too.
function activos(lista: Lista) {
  return queryOptions({
    queryKey: ['config', lista, { activos: true }] as const,
    queryFn: ({ signal }) => api.get<ItemActivo[]>(`/config/${lista}?activos=true`, { signal }),
  });
}

/** Active sections (GET /config/secciones?activos=true). */
export const seccionesActivasQuery = activos('secciones');
/** Active trip (passenger) types. */
export const tiposViajeActivosQuery = activos('tipos-viaje');
/** Active payment methods. */
export const mediosPagoActivosQuery = activos('medios-pago');

/** The company's whole price table (GET /config/precios). */
export const preciosQuery = queryOptions({
  queryKey: ['config', 'precios'] as const,
  queryFn: ({ signal }) => api.get<Precio[]>('/config/precios', { signal }),
});

/** The payment method whose name contains 'efectivo' (any case), the default of a sale. */
export function medioEfectivo(medios: readonly ItemActivo[]): ItemActivo | undefined {
  return medios.find((m) => m.nombre.toLowerCase().includes('efectivo'));
}
