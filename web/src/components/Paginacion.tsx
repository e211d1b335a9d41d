import { Button, Group, Text } from '@mantine/core';

interface PaginacionProps {
  page: number;
  totalPages: number;
  totalItems: number;
  porPagina: number;
  onPage: (page: number) => void;
}

/** A paged list's footer: 'Mostrando x a y de z resultados' with Anterior and Siguiente. */
export function Paginacion({ page, totalPages, totalItems, porPagina, onPage }: PaginacionProps) {
  const desde = totalItems === 0 ? 0 : (page - 1) * porPagina + 1;
  const hasta = Math.min(page * porPagina, totalItems);
  return (
    <Group justify="space-between" gap="sm">
      <Text size="sm" c="dimmed" aria-live="polite">
        Mostrando {desde} a {hasta} de {totalItems} resultados
      </Text>
      <Group gap="xs">
        <Button variant="default" size="xs" disabled={page <= 1} onClick={() => onPage(page - 1)}>Anterior</Button>
        <Button variant="default" size="xs" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>Siguiente</Button>
      </Group>
    </Group>
  );
}
