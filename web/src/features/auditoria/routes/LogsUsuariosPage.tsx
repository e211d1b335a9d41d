import { Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconUserSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { LIMITES_LOGS, useLogsAuditoria, useUsuariosAuditables } from '@/api/auditoria';
import { EmptyState } from '@/components/EmptyState';
import { QueryState } from '@/components/QueryState';
import { roleLabel } from '@/lib/session';
import { LimiteSelect } from '@/features/auditoria/components/FiltroSelects';
import { TablaLogs } from '@/features/auditoria/components/TablaLogs';
import { useFiltrosAuditoria } from '@/features/auditoria/useFiltrosAuditoria';

/** The user filter: searched on the server by login or name, shown as 'login (rol)'. */
function UsuarioSelect({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const [busqueda, setBusqueda] = useState('');
  const [buscar] = useDebouncedValue(busqueda, 300);
  const { data } = useUsuariosAuditables(buscar);
  const opciones = (data ?? []).map((u) => ({ value: String(u.id), label: `${u.nombre_usuario} (${roleLabel(u.rol)})` }));
  return (
    <Select
      label="Usuario"
      placeholder="Busque por usuario o nombre"
      data={opciones}
      value={value || null}
      onChange={(v) => onChange(v ?? '')}
      searchable
      searchValue={busqueda}
      onSearchChange={setBusqueda}
      filter={({ options }) => options}
      nothingFoundMessage="Ningún usuario coincide"
    />
  );
}

/** 'Logs de Usuarios' (backoffice §2.14): what one chosen user did. */
export function LogsUsuariosPage() {
  const { filtros, set, setPagina } = useFiltrosAuditoria();
  const elegido = Boolean(filtros.usuario_id);
  const logs = useLogsAuditoria(filtros, elegido);
  return (
    <Stack gap="md">
      <div>
        <Title order={2}>Logs de Usuarios</Title>
        <Text c="dimmed">Las acciones de un usuario</Text>
      </div>
      <Paper withBorder p="md" radius="md" component="section" aria-label="Filtros">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <UsuarioSelect value={filtros.usuario_id ?? ''} onChange={(v) => set('usuario_id', v)} />
          <LimiteSelect limites={LIMITES_LOGS} value={filtros.limite} onChange={(v) => set('limite', v)} />
        </SimpleGrid>
      </Paper>
      {!elegido ? <EmptyState icon={IconUserSearch} title="Seleccione un usuario para ver sus logs" /> : (
        <QueryState pending={logs.isPending} error={logs.error} errorTitle="Error al cargar logs" onRetry={() => void logs.refetch()}>
          {logs.data && (
            <TablaLogs listado={logs.data} vista="usuario" vacio="No hay logs para el usuario seleccionado" icono={IconUserSearch}
              onPagina={setPagina} />
          )}
        </QueryState>
      )}
    </Stack>
  );
}
