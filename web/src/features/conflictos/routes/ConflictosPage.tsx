import { Button, Group, Paper, SegmentedControl, Stack, Text, Title, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCircleCheck, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { CONFLICTOS_POR_PAGINA, useConflictos, type ConflictoOffline, type EstadoConflictos } from '@/api/conflictos';
import { EmptyState } from '@/components/EmptyState';
import { Paginacion } from '@/components/Paginacion';
import { QueryState } from '@/components/QueryState';
import { useDialog } from '@/lib/dialog';
import { ConflictosTable, type ConflictosProps } from '@/features/conflictos/components/ConflictosTable';
import { ConflictosTarjetas } from '@/features/conflictos/components/ConflictosTarjetas';
import { ResolverConflictoModal } from '@/features/conflictos/components/ResolverConflictoModal';

const ESTADOS: { value: EstadoConflictos; label: string }[] = [
  { value: 'pendientes', label: 'Pendientes' },
  { value: 'resueltos', label: 'Resueltos' },
];

const VACIOS: Record<EstadoConflictos, string> = {
  pendientes: 'No hay conflictos pendientes',
  resueltos: 'No hay conflictos resueltos',
};

/** The conflicts as a table where it fits beside the menu (lg and up), as cards on a phone or a tablet. */
function ConflictosLista(props: ConflictosProps) {
  const theme = useMantineTheme();
  const angosta = useMediaQuery(`(max-width: ${theme.breakpoints.lg})`, false, { getInitialValueInEffect: false });
  return angosta ? <ConflictosTarjetas {...props} /> : <ConflictosTable {...props} />;
}

/**
 * 'Conflictos offline' (/admin/conflictos): what the offline sync refused, found boarded twice or boarded
 * without the seat its departure no longer had, never
 * dropped, for the supervisors to settle; a new one (an alertaSistema event) refreshes the list.
 */
export function ConflictosPage() {
  const [{ estado, page }, setVista] = useState<{ estado: EstadoConflictos; page: number }>({ estado: 'pendientes', page: 1 });
  const query = useConflictos(estado, page);
  const resolver = useDialog<ConflictoOffline>();
  const data = query.data;
  // the last conflict of a later page was resolved: back to the last page that has some (set while rendering, as React advises)
  const ultima = Math.max(data?.totalPages ?? 1, 1);
  if (data && data.conflictos.length === 0 && page > ultima) setVista({ estado, page: ultima });

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>Conflictos offline</Title>
          <Text c="dimmed">
            Ventas y embarques hechos sin conexión que el servidor rechazó, que embarcaron dos veces o que no tuvieron lugar
            en su salida. Ninguno se descarta: revíselos y márquelos resueltos.
          </Text>
        </div>
        <Button variant="default" leftSection={<IconRefresh size={16} aria-hidden />} loading={query.isFetching} onClick={() => void query.refetch()}>
          Actualizar
        </Button>
      </Group>
      <SegmentedControl aria-label="Estado" data={ESTADOS} value={estado} w="fit-content"
        onChange={(v) => setVista({ estado: v as EstadoConflictos, page: 1 })} />
      <QueryState pending={query.isPending} error={data ? null : query.error} errorTitle="Error al cargar los conflictos" onRetry={() => void query.refetch()}>
        {data && (
          <Paper withBorder radius="md" p="sm">
            {data.conflictos.length === 0 ? (
              <EmptyState icon={IconCircleCheck} title={VACIOS[estado]} />
            ) : (
              <Stack>
                <ConflictosLista conflictos={data.conflictos} onResolver={resolver.open} />
                <Paginacion page={data.page} totalPages={data.totalPages} totalItems={data.total} porPagina={CONFLICTOS_POR_PAGINA}
                  onPage={(p) => setVista({ estado, page: p })} />
              </Stack>
            )}
          </Paper>
        )}
      </QueryState>
      <ResolverConflictoModal dialog={resolver} />
    </Stack>
  );
}
