import { Button, Group, Paper, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload, IconShieldSearch } from '@tabler/icons-react';
import { useState } from 'react';
import {
  exportarAuditoria, LIMITES_AUDITORIA, useEstadisticasAuditoria, useLogsAuditoria, type FiltrosAuditoria, type RegistroAuditoria,
} from '@/api/auditoria';
import { EmptyState } from '@/components/EmptyState';
import { QueryState } from '@/components/QueryState';
import { RangoFechas } from '@/components/RangoFechas';
import { ScrollTable } from '@/components/ScrollTable';
import { StatCard } from '@/components/StatCard';
import { ApiError } from '@/lib/api';
import { downloadFile } from '@/lib/files';
import { formatDateTime, formatNumber } from '@/lib/format';
import { notifyError, notifyWarning } from '@/lib/notify';
import { AccionBadge } from '@/features/auditoria/components/AccionBadge';
import { AccionSelect, LimiteSelect } from '@/features/auditoria/components/FiltroSelects';
import { PaginacionAuditoria } from '@/features/auditoria/components/PaginacionAuditoria';
import { useFiltrosAuditoria } from '@/features/auditoria/useFiltrosAuditoria';

function Resumen() {
  const { data } = useEstadisticasAuditoria();
  const figuras: [string, number | undefined][] = [
    ['Eventos (7 días)', data?.total_eventos], ['Inicios de sesión', data?.logins],
    ['Ventas de pasajes', data?.ventas_pasajes], ['Usuarios activos', data?.usuarios_distintos],
  ];
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" component="section" aria-label="Resumen de los últimos 7 días">
      {figuras.map(([label, value]) => <StatCard key={label} label={label} value={value === undefined ? '—' : formatNumber(value)} />)}
    </SimpleGrid>
  );
}

function Filtros({ filtros, set }: Pick<ReturnType<typeof useFiltrosAuditoria>, 'filtros' | 'set'>) {
  const { data } = useEstadisticasAuditoria();
  const empresas = [{ value: '', label: 'Todas las empresas' }, ...(data?.empresas ?? []).map((e) => ({ value: String(e.id), label: e.nombre }))];
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Filtros">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm">
        <Select label="Empresa" data={empresas} value={filtros.empresa_id ?? ''} onChange={(v) => set('empresa_id', v ?? '')} allowDeselect={false} searchable />
        <AccionSelect acciones={data?.acciones ?? []} value={filtros.accion ?? ''} onChange={(v) => set('accion', v)} />
        <RangoFechas etiqueta="Fecha del registro" desde={filtros.fecha_desde ?? ''} hasta={filtros.fecha_hasta ?? ''}
          onDesde={(fecha) => set('fecha_desde', fecha)} onHasta={(fecha) => set('fecha_hasta', fecha)} />
        <LimiteSelect limites={LIMITES_AUDITORIA} value={filtros.limite} onChange={(v) => set('limite', v)} />
      </SimpleGrid>
    </Paper>
  );
}

function usuarioDe(r: RegistroAuditoria) {
  if (!r.usuario) return <Text size="sm" c="dimmed">Sistema</Text>;
  const nombre = `${r.usuario.nombre} ${r.usuario.apellido}`.trim();
  return (
    <>
      <Text size="sm" fw={600}>{r.usuario.nombre_usuario}</Text>
      {nombre && <Text size="xs" c="dimmed">{nombre}</Text>}
    </>
  );
}

function TablaAuditoria({ logs }: { logs: RegistroAuditoria[] }) {
  return (
    <ScrollTable minWidth={900}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Fecha/Hora</Table.Th><Table.Th>Usuario</Table.Th><Table.Th>Empresa</Table.Th>
          <Table.Th>Acción</Table.Th><Table.Th>Detalles</Table.Th><Table.Th>IP</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {logs.map((r) => (
          <Table.Tr key={r.id}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.created_at)}</Table.Td>
            <Table.Td>{usuarioDe(r)}</Table.Td>
            <Table.Td>{r.empresa_nombre || 'N/A'}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}><AccionBadge accion={r.accion} /></Table.Td>
            <Table.Td>{r.detalles || 'Sin detalles'}</Table.Td>
            <Table.Td>{r.ip_address || 'N/A'}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ScrollTable>
  );
}

/** Saves the page on screen as a CSV, or says why not. */
async function exportar(filtros: FiltrosAuditoria) {
  try {
    downloadFile(await exportarAuditoria(filtros), 'auditoria.csv');
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) notifyWarning('No hay datos para exportar');
    else notifyError('Error al exportar la auditoría');
  }
}

/** 'Reportes de Auditoría' (backoffice §2.14): the whole trail, every company, filtered and paged. */
export function ReportesAuditoriaPage() {
  const { filtros, set, setPagina } = useFiltrosAuditoria();
  const logs = useLogsAuditoria(filtros);
  const [exportando, setExportando] = useState(false);
  const onExportar = () => {
    setExportando(true);
    void exportar(filtros).finally(() => setExportando(false));
  };
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>Reportes de Auditoría</Title>
          <Text c="dimmed">Todo lo registrado en el sistema, de todas las empresas</Text>
        </div>
        <Button leftSection={<IconDownload size={16} aria-hidden />} loading={exportando} onClick={onExportar}>Exportar</Button>
      </Group>
      <Resumen />
      <Filtros filtros={filtros} set={set} />
      <QueryState pending={logs.isPending} error={logs.error} errorTitle="Error al cargar logs de auditoría" onRetry={() => void logs.refetch()}>
        {logs.data && (
          <Paper withBorder radius="md" p="sm">
            {logs.data.logs.length === 0
              ? <EmptyState icon={IconShieldSearch} title="No hay registros de auditoría" message="Ningún registro coincide con los filtros" />
              : <TablaAuditoria logs={logs.data.logs} />}
            <PaginacionAuditoria paginacion={logs.data.paginacion} onPagina={setPagina} />
          </Paper>
        )}
      </QueryState>
    </Stack>
  );
}
