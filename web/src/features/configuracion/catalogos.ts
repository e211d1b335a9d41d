import type { CatalogoKey } from '@/api/config';

/** Texts and shape of one list; the screens are the same for the three. */
export interface CatalogoDef {
  key: CatalogoKey;
  /** Screen title and menu label. */
  titulo: string;
  /** What the list holds, shown under the title. */
  descripcion: string;
  /** Singular noun in lower case, for titles and messages ('sección'). */
  singular: string;
  /** Title of the create modal and label of its button. */
  nuevo: string;
  /** Empty state. */
  vacio: string;
  errorCargar: string;
  errorGuardar: string;
  errorEliminar: string;
  /** Sections carry a capacity in persons. */
  conCapacidad: boolean;
  /** Trip types may be round trips, with the days the return can board in. */
  conIdaYVuelta?: boolean;
  /** Sections are routes: their stops are edited apart ('Paradas'). */
  conParadas?: boolean;
  /** Payment methods say which reference their sales record and whether it is required. */
  conReferencia?: boolean;
  /** Payment methods have a kind that decides their behaviour (lib/tipoMedioPago). */
  conTipo?: boolean;
}

export const SECCIONES: CatalogoDef = {
  key: 'secciones',
  titulo: 'Secciones',
  descripcion: 'Destinos y rutas',
  singular: 'sección',
  nuevo: 'Nueva sección',
  vacio: 'No hay secciones registradas',
  errorCargar: 'Error al cargar secciones',
  errorGuardar: 'Error al guardar sección',
  errorEliminar: 'Error al eliminar sección',
  conCapacidad: true,
  conParadas: true,
};

export const TIPOS_VIAJE: CatalogoDef = {
  key: 'tipos-viaje',
  titulo: 'Tipos de viaje',
  descripcion: 'Categorías de viaje',
  singular: 'tipo de viaje',
  nuevo: 'Nuevo tipo de viaje',
  vacio: 'No hay tipos de viaje registrados',
  errorCargar: 'Error al cargar tipos de viaje',
  errorGuardar: 'Error al guardar tipo',
  errorEliminar: 'Error al eliminar tipo',
  conCapacidad: false,
  conIdaYVuelta: true,
};

export const MEDIOS_PAGO: CatalogoDef = {
  key: 'medios-pago',
  titulo: 'Medios de pago',
  descripcion: 'Formas de pago aceptadas en boletería',
  singular: 'medio de pago',
  nuevo: 'Nuevo medio de pago',
  vacio: 'No hay medios de pago registrados',
  errorCargar: 'Error al cargar medios de pago',
  errorGuardar: 'Error al guardar medio',
  errorEliminar: 'Error al eliminar medio',
  conCapacidad: false,
  conReferencia: true,
  conTipo: true,
};
