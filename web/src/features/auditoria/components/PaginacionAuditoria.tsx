import { Button, Group, Text } from '@mantine/core';
import type { ListadoAuditoria } from '@/api/auditoria';
import { formatNumber } from '@/lib/format';

interface Props {
  paginacion: ListadoAuditoria['paginacion'];
  onPagina: (pagina: number) => void;
}

/** 'Página X de Y' with Anterior and Siguiente; past 10,000 entries the count says 'o más'. */
export function PaginacionAuditoria({ paginacion: p, onPagina }: Props) {
  const masDe = p.total_exacto ? '' : ' o más';
  return (
    <Group justify="space-between" gap="sm">
      <Text size="sm" c="dimmed" aria-live="polite">
        Página {p.pagina_actual} de {formatNumber(p.total_paginas)}{masDe} · {formatNumber(p.total_registros)}{masDe} registros
      </Text>
      <Group gap="xs">
        <Button variant="default" size="xs" disabled={p.pagina_actual <= 1} onClick={() => onPagina(p.pagina_actual - 1)}>Anterior</Button>
        <Button
          variant="default"
          size="xs"
          disabled={p.pagina_actual >= p.total_paginas && p.total_exacto}
          onClick={() => onPagina(p.pagina_actual + 1)}
        >
          Siguiente
        </Button>
      </Group>
    </Group>
  );
}
