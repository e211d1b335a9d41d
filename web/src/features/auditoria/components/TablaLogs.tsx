import { Paper, Table } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { ListadoAuditoria, RegistroAuditoria } from '@/api/auditoria';
import { EmptyState } from '@/components/EmptyState';
import { ScrollTable } from '@/components/ScrollTable';
import { formatDateTime } from '@/lib/format';
import { AccionBadge } from './AccionBadge';
import { EstadoLog } from './EstadoLog';
import { PaginacionAuditoria } from './PaginacionAuditoria';

/** The details column shows the first 50 characters (backoffice §2.14). */
const DETALLES_MAX = 50;

function recortar(texto: string): string {
  return texto.length > DETALLES_MAX ? `${texto.slice(0, DETALLES_MAX)}…` : texto;
}

/**
 * How a log page shows its rows (backoffice §2.14): 'sistema' with the IP and an Exitoso/Fallido badge
 * (no user: 'Sistema'), 'usuario' with the details and a tick or a cross.
 */
export type VistaLogs = 'sistema' | 'usuario';

function EstadoIcono({ exito }: { exito: boolean }) {
  return exito
    ? <IconCheck size={18} color="var(--mantine-color-green-7)" aria-label="Exitoso" />
    : <IconX size={18} color="var(--mantine-color-red-7)" aria-label="Fallido" />;
}

function FilaLog({ r, vista }: { r: RegistroAuditoria; vista: VistaLogs }) {
  const sistema = vista === 'sistema';
  return (
    <Table.Tr>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.created_at)}</Table.Td>
      <Table.Td>{sistema ? (r.usuario?.nombre_usuario ?? 'Sistema') : r.usuario?.nombre_usuario}</Table.Td>
      <Table.Td><AccionBadge accion={r.accion} /></Table.Td>
      {sistema
        ? <Table.Td>{r.ip_address || 'N/A'}</Table.Td>
        : <Table.Td title={r.detalles}>{recortar(r.detalles) || 'Sin detalles'}</Table.Td>}
      <Table.Td>{sistema ? <EstadoLog exito={r.exito} /> : <EstadoIcono exito={r.exito} />}</Table.Td>
    </Table.Tr>
  );
}

/** A page of logs with its pagination, or the empty state `vacio` (with `icono`). */
export function TablaLogs({ listado, vista, vacio, icono, onPagina }: {
  listado: ListadoAuditoria; vista: VistaLogs; vacio: string; icono: Icon; onPagina: (pagina: number) => void;
}) {
  return (
    <Paper withBorder radius="md" p="sm">
      {listado.logs.length === 0 ? <EmptyState icon={icono} title={vacio} /> : (
        <ScrollTable minWidth={640}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Fecha/Hora</Table.Th><Table.Th>Usuario</Table.Th><Table.Th>Acción</Table.Th>
              <Table.Th>{vista === 'sistema' ? 'IP' : 'Detalles'}</Table.Th><Table.Th>Estado</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {listado.logs.map((r) => <FilaLog key={r.id} r={r} vista={vista} />)}
          </Table.Tbody>
        </ScrollTable>
      )}
      <PaginacionAuditoria paginacion={listado.paginacion} onPagina={onPagina} />
    </Paper>
  );
}
