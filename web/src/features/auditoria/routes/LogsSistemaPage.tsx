import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconListSearch } from '@tabler/icons-react';
import { LIMITES_LOGS, useEstadisticasAuditoria, useLogsAuditoria } from '@/api/auditoria';
import { QueryState } from '@/components/QueryState';
import { AccionSelect, LimiteSelect } from '@/features/auditoria/components/FiltroSelects';
import { TablaLogs } from '@/features/auditoria/components/TablaLogs';
import { useFiltrosAuditoria } from '@/features/auditoria/useFiltrosAuditoria';

/** 'Logs del Sistema' (backoffice §2.14): what happened, by action, with who, from where and how it went. */
export function LogsSistemaPage() {
  const { filtros, set, setPagina } = useFiltrosAuditoria();
  const logs = useLogsAuditoria(filtros);
  const { data: estadisticas } = useEstadisticasAuditoria();
  return (
    <Stack gap="md">
      <div>
        <Title order={2}>Logs del Sistema</Title>
        <Text c="dimmed">Acciones registradas por el sistema y sus usuarios</Text>
      </div>
      <Paper withBorder p="md" radius="md" component="section" aria-label="Filtros">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <AccionSelect acciones={estadisticas?.acciones ?? []} value={filtros.accion ?? ''} onChange={(v) => set('accion', v)} />
          <LimiteSelect limites={LIMITES_LOGS} value={filtros.limite} onChange={(v) => set('limite', v)} />
        </SimpleGrid>
      </Paper>
      <QueryState pending={logs.isPending} error={logs.error} errorTitle="Error al cargar logs" onRetry={() => void logs.refetch()}>
        {logs.data && (
          <TablaLogs listado={logs.data} vista="sistema" vacio="No hay logs registrados" icono={IconListSearch} onPagina={setPagina} />
        )}
      </QueryState>
    </Stack>
  );
}
