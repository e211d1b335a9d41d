import { ActionIcon, Badge, Button, Group, Pagination, Stack, Table, TextInput, Title, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconEye, IconPencil, IconPlus, IconSearch, IconTrash, IconUsers } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { CLIENTES_POR_PAGINA, useClientes, type Cliente } from '@/api/clientes';
import { EmptyState } from '@/components/EmptyState';
import { QueryState } from '@/components/QueryState';
import { useDialog } from '@/lib/dialog';
import { hasRole, useSession, type Role } from '@/lib/session';
import { ClienteDetalleModal } from '@/features/clientes/components/ClienteDetalleModal';
import { ClienteFormModal } from '@/features/clientes/components/ClienteFormModal';
import { EliminarClienteDialog } from '@/features/clientes/components/EliminarClienteDialog';

/** Who creates, edits and deletes customers (backoffice §6); the server checks the same roles. */
export const ROLES_EDITAN_CLIENTES: readonly Role[] = ['admin', 'super_admin', 'supervisor'];
/** Tooltip of the disabled buttons. */
export const SIN_PERMISO_CLIENTES = 'No tiene permisos para realizar esta acción';
/** Customer search debounce (backoffice §9). */
const DEBOUNCE_MS = 300;

/** A write button: enabled for the roles that may write, else disabled with the no-permission tooltip. */
function ConPermiso({ puede, children }: { puede: boolean; children: ReactNode }) {
  return puede ? children : <Tooltip label={SIN_PERMISO_CLIENTES}><span>{children}</span></Tooltip>;
}

function ClientesTable(props: { clientes: Cliente[]; puede: boolean; onVer: (c: Cliente) => void; onEditar: (c: Cliente) => void; onEliminar: (c: Cliente) => void }) {
  const { clientes, puede, onVer, onEditar, onEliminar } = props;
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover aria-label="Clientes">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Nombre</Table.Th>
            <Table.Th>Documento</Table.Th>
            <Table.Th>Teléfono</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Estado</Table.Th>
            <Table.Th>Acciones</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {clientes.map((c) => {
            const nombre = `${c.nombre} ${c.apellido}`.trim();
            return (
              <Table.Tr key={c.id}>
                <Table.Td>{nombre}</Table.Td>
                <Table.Td>{c.documento}</Table.Td>
                <Table.Td>{c.telefono}</Table.Td>
                <Table.Td>{c.email}</Table.Td>
                <Table.Td>
                  <Badge color={c.activo ? 'green' : 'gray'} variant="light">{c.activo ? 'Activo' : 'Inactivo'}</Badge>
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon variant="subtle" aria-label={`Ver ${nombre}`} onClick={() => onVer(c)}><IconEye size={18} /></ActionIcon>
                    <ConPermiso puede={puede}>
                      <ActionIcon variant="subtle" aria-label={`Editar ${nombre}`} disabled={!puede} onClick={() => onEditar(c)}>
                        <IconPencil size={18} />
                      </ActionIcon>
                    </ConPermiso>
                    <ConPermiso puede={puede}>
                      <ActionIcon variant="subtle" color="red" aria-label={`Eliminar ${nombre}`} disabled={!puede} onClick={() => onEliminar(c)}>
                        <IconTrash size={18} />
                      </ActionIcon>
                    </ConPermiso>
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Customers (/admin/clientes, backoffice §2.11): server-side search, pages, create, edit, delete, detail. */
export function ClientesPage() {
  const { usuario } = useSession();
  const puede = hasRole(usuario, ROLES_EDITAN_CLIENTES);
  const [search, setSearch] = useState('');
  const [pagina, setPagina] = useState(1);
  const [buscado] = useDebouncedValue(search.trim(), DEBOUNCE_MS);
  const query = useClientes(buscado, pagina);
  const formDialog = useDialog<Cliente | null>();
  const deleteDialog = useDialog<Cliente>();
  const detailDialog = useDialog<Cliente>();
  const total = query.data?.total ?? 0;

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>Clientes</Title>
        <ConPermiso puede={puede}>
          <Button leftSection={<IconPlus size={18} aria-hidden />} disabled={!puede} onClick={() => formDialog.open(null)}>
            Nuevo cliente
          </Button>
        </ConPermiso>
      </Group>
      <TextInput
        label="Buscar"
        placeholder="Nombre, documento, email o teléfono"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPagina(1);
        }}
        maxLength={100}
      />
      <QueryState pending={query.isPending} error={query.data ? null : query.error} errorTitle="Error al cargar clientes" onRetry={() => void query.refetch()}>
        {total === 0 ? (
          <EmptyState icon={IconUsers} title={buscado ? 'Ningún cliente coincide con la búsqueda' : 'No hay clientes registrados'} message={buscado ? 'Pruebe con otro nombre, documento, email o teléfono.' : 'Los clientes se registran aquí o al vender con su documento.'} />
        ) : (
          <>
            <ClientesTable clientes={query.data?.clientes ?? []} puede={puede} onVer={detailDialog.open} onEditar={formDialog.open} onEliminar={deleteDialog.open} />
            {total > CLIENTES_POR_PAGINA && (
              <Pagination total={Math.ceil(total / CLIENTES_POR_PAGINA)} value={pagina} onChange={setPagina} />
            )}
          </>
        )}
      </QueryState>
      <ClienteFormModal dialog={formDialog} />
      <EliminarClienteDialog dialog={deleteDialog} />
      <ClienteDetalleModal dialog={detailDialog} puede={puede} />
    </Stack>
  );
}
