import { Loader, NavLink, Paper, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { empresasQuery, type EmpresaListada } from '@/api/empresas';

interface Props {
  selected: number | null;
  onSelect: (id: number) => void;
  /** What each entry shows under the company's name. */
  detalle: (e: EmpresaListada) => string;
}

/** The left list of the multi-company screens. */
export function ListaEmpresas({ selected, onSelect, detalle }: Props) {
  const { data, isPending, isError } = useQuery(empresasQuery);
  if (isPending) return <Loader />;
  if (isError) return <Text c="red">Error cargando datos</Text>;
  return (
    <Paper withBorder p="xs">
      {data.map((e) => (
        <NavLink key={e.id} label={e.nombre} description={detalle(e)} active={e.id === selected} onClick={() => onSelect(e.id)} />
      ))}
    </Paper>
  );
}
