import { Select, SimpleGrid } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { FechaInput } from '@/components/FechaInput';
import { seccionesActivasQuery, tiposViajeActivosQuery, type ItemCatalogo } from '@/api/config';
import type { FiltrosPasajeros as Filtros } from '@/api/embarque';

const ESTADOS = [
  { value: '', label: 'Todos' },
  { value: 'true', label: 'Solo embarcados' },
  { value: 'false', label: 'Solo pendientes' },
];

const opciones = (todos: string, items: ItemCatalogo[] = []) => [
  { value: '', label: todos },
  ...items.map((item) => ({ value: String(item.id), label: item.nombre })),
];

interface FiltrosPasajerosProps {
  value: Filtros;
  onChange: (filtros: Filtros) => void;
}

/** Travel date, section, trip type and boarding state of the passenger list. */
export function FiltrosPasajeros({ value, onChange }: FiltrosPasajerosProps) {
  const secciones = useQuery(seccionesActivasQuery);
  const tipos = useQuery(tiposViajeActivosQuery);
  const set = <K extends keyof Filtros>(key: K, v: Filtros[K]) => onChange({ ...value, [key]: v });
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
      <FechaInput label="Fecha de viaje" value={value.fecha} onChange={(fecha) => set('fecha', fecha)} />
      <Select
        label="Sección"
        data={opciones('Todas', secciones.data)}
        value={value.seccion_id}
        onChange={(v) => set('seccion_id', v ?? '')}
        allowDeselect={false}
      />
      <Select
        label="Tipo de viaje"
        data={opciones('Todos', tipos.data)}
        value={value.tipo_viaje_id}
        onChange={(v) => set('tipo_viaje_id', v ?? '')}
        allowDeselect={false}
      />
      <Select
        label="Estado de embarque"
        data={ESTADOS}
        value={value.embarcado}
        onChange={(v) => set('embarcado', (v ?? '') as Filtros['embarcado'])}
        allowDeselect={false}
      />
    </SimpleGrid>
  );
}
