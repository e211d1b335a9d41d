import { Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconListSearch } from '@tabler/icons-react';
import { LIMITES_LOGS, useEstadisticasAuditoria, useLogsAuditoria } from '@/api/auditoria';
import { EmptyState } from '@/components/EmptyState';
import { QueryState } from '@/components/QueryState';
import { ScrollTable } from '@/components/ScrollTable';
import { formatDateTime } from '@/lib/format';
import { AccionBadge } from '@/features/auditoria/components/AccionBadge';
import { EstadoLog } from '@/features/auditoria/components/EstadoLog';
import { AccionSelect, LimiteSelect } from '@/features/auditoria/components/FiltroSelects';
import { PaginacionAuditoria } from '@/features/auditoria/components/PaginacionAuditoria';
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
          <Paper withBorder radius="md" p="sm">
            {logs.data.logs.length === 0 ? <EmptyState icon={IconListSearch} title="No hay logs registrados" /> : (
              <ScrollTable minWidth={640}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Fecha/Hora</Table.Th><Table.Th>Usuario</Table.Th><Table.Th>Acción</Table.Th>
                    <Table.Th>IP</Table.Th><Table.Th>Estado</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {logs.data.logs.map((r) => (
                    <Table.Tr key={r.id}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.created_at)}</Table.Td>
                      <Table.Td>{r.usuario?.nombre_usuario ?? 'Sistema'}</Table.Td>
                      <Table.Td><AccionBadge accion={r.accion} /></Table.Td>
                      <Table.Td>{r.ip_address || 'N/A'}</Table.Td>
                      <Table.Td><EstadoLog exito={r.exito} /></Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </ScrollTable>
            )}
            <PaginacionAuditoria paginacion={logs.data.paginacion} onPagina={setPagina} />
          </Paper>
        )}
      </QueryState>
    </Stack>
  );
}
