import { Listado } from '@/features/pasajes/components/Listado';

/** 'Listado de Pasajes' (operaciones §2): every ticket the user may see, with its actions. */
export function ListadoPasajesPage() {
  return <Listado titulo="Listado de Pasajes" subtitulo="Busca, imprime, cancela o reactiva pasajes y exporta el listado" />;
}
