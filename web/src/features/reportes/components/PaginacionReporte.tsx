import { Button, Group, Text } from '@mantine/core';
import { formatNumber } from '@/lib/format';

/** The pagination object of the paged reports (`paginacion` in their answers). */
export interface Paginacion {
  pagina: number;
  limite: number;
  total: number;
  totalPaginas: number;
}

/** At most this many page buttons (backoffice §9). */
const BOTONES = 5;

/** The page numbers offered: up to five, the current one as centred as the ends allow. */
export function paginasVisibles(pagina: number, totalPaginas: number): number[] {
  const cuantas = Math.min(BOTONES, totalPaginas);
  const primera = Math.min(Math.max(pagina - Math.floor(BOTONES / 2), 1), totalPaginas - cuantas + 1);
  return Array.from({ length: cuantas }, (_, i) => primera + i);
}

/**
 * 'Mostrando X - Y de Z registros', then Anterior, up to five page buttons and Siguiente (backoffice §2.15): the
 * buttons only when there is more than one page.
 */
export function PaginacionReporte({ paginacion, onPagina }: { paginacion: Paginacion; onPagina: (pagina: number) => void }) {
  const { pagina, limite, total, totalPaginas } = paginacion;
  if (total === 0) return null;
  const desde = (pagina - 1) * limite + 1;
  const hasta = Math.min(pagina * limite, total);
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Text size="sm" c="dimmed">Mostrando {formatNumber(desde)} - {formatNumber(hasta)} de {formatNumber(total)} registros</Text>
      {totalPaginas > 1 && (
        <Group gap={4} component="nav" aria-label="Páginas">
          <Button variant="default" size="xs" disabled={pagina <= 1} onClick={() => onPagina(pagina - 1)}>Anterior</Button>
          {paginasVisibles(pagina, totalPaginas).map((n) => (
            <Button key={n} size="xs" variant={n === pagina ? 'filled' : 'default'} aria-current={n === pagina ? 'page' : undefined}
              aria-label={`Página ${n}`} onClick={() => onPagina(n)}>{n}</Button>
          ))}
          <Button variant="default" size="xs" disabled={pagina >= totalPaginas} onClick={() => onPagina(pagina + 1)}>Siguiente</Button>
        </Group>
      )}
    </Group>
  );
}
