import { Paper, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCheck, IconUserSearch, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { LIMITES_LOGS, useLogsAuditoria, useUsuariosAuditables } from '@/api/auditoria';
import { EmptyState } from '@/components/EmptyState';
import { QueryState } from '@/components/QueryState';
import { ScrollTable } from '@/components/ScrollTable';
import { formatDateTime } from '@/lib/format';
import { roleLabel } from '@/lib/session';
import { AccionBadge } from '@/features/auditoria/components/AccionBadge';
import { LimiteSelect } from '@/features/auditoria/components/FiltroSelects';
import { PaginacionAuditoria } from '@/features/auditoria/components/PaginacionAuditoria';
import { useFiltrosAuditoria } from '@/features/auditoria/useFiltrosAuditoria';

/** The details column shows the first 50 characters (backoffice §2.14). */
const DETALLES_MAX = 50;

function recortar(texto: string): string {
  return texto.length > DETALLES_MAX ? `${texto.slice(0, DETALLES_MAX)}…` : texto;
}

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
            <Paper withBorder radius="md" p="sm">
              {logs.data.logs.length === 0 ? <EmptyState icon={IconUserSearch} title="No hay logs para el usuario seleccionado" /> : (
                <ScrollTable minWidth={640}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Fecha/Hora</Table.Th><Table.Th>Usuario</Table.Th><Table.Th>Acción</Table.Th>
                      <Table.Th>Detalles</Table.Th><Table.Th>Estado</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {logs.data.logs.map((r) => (
                      <Table.Tr key={r.id}>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.created_at)}</Table.Td>
                        <Table.Td>{r.usuario?.nombre_usuario}</Table.Td>
                        <Table.Td><AccionBadge accion={r.accion} /></Table.Td>
                        <Table.Td title={r.detalles}>{recortar(r.detalles) || 'Sin detalles'}</Table.Td>
                        <Table.Td>
                          {r.exito
                            ? <IconCheck size={18} color="var(--mantine-color-green-7)" aria-label="Exitoso" />
                            : <IconX size={18} color="var(--mantine-color-red-7)" aria-label="Fallido" />}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </ScrollTable>
              )}
              <PaginacionAuditoria paginacion={logs.data.paginacion} onPagina={setPagina} />
            </Paper>
          )}
        </QueryState>
      )}
    </Stack>
  );
}
