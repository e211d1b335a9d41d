import { Listado } from '@/features/pasajes/components/Listado';

/** 'Mis Ventas' (backoffice §2.17): the tickets the user sold in a date range, with totals. */
export function MisVentasPage() {
  return <Listado titulo="Mis Ventas" subtitulo="Los pasajes que vendiste en el período" propios />;
}
