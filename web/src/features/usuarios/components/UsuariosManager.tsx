import { ActionIcon, Badge, Button, Group, Select, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconPencil, IconPlus, IconSearch, IconTrash, IconUsers } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { CredencialesDialog } from '@/components/CredencialesDialog';
import { EmptyState } from '@/components/EmptyState';
import { QueryState } from '@/components/QueryState';
import { ScrollTable } from '@/components/ScrollTable';
import { StatCard } from '@/components/StatCard';
import {
  useEliminarUsuario, useRolesInfo, useUsuarios, type CredencialesTemporales, type RolesInfo, type UsuarioGestion,
} from '@/api/usuarios';
import { errorMessage } from '@/lib/api';
import { useDialog, type Dialog } from '@/lib/dialog';
import { useIdempotencyKeys } from '@/lib/idempotency';
import { formatCantidad } from '@/lib/format';
import { configToast } from '@/lib/notify';
import { roleLabel, useSession } from '@/lib/session';
import { UsuarioFormModal } from './UsuarioFormModal';

const ESTADO_CLAVE: Record<string, { label: string; color: string }> = {
  vigente: { label: 'Vigente', color: 'green' },
  reinicio_pendiente: { label: 'Cambio pendiente', color: 'yellow' },
  expirada: { label: 'Temporal expirada', color: 'red' },
};

interface Filtros {
  texto: string;
  rol: string | null;
  estado: string | null;
}

/** The client-side filters of the table (backoffice §2.5). */
function filtrar(usuarios: UsuarioGestion[], { texto, rol, estado }: Filtros): UsuarioGestion[] {
  const t = texto.trim().toLowerCase();
  return usuarios.filter((u) =>
    (!t || [u.nombre_usuario, u.nombre_completo, u.email].some((v) => v.toLowerCase().includes(t))) &&
    (!rol || u.rol === rol) &&
    (!estado || (estado === 'activo') === u.activo));
}

function Estadisticas({ info }: { info: RolesInfo }) {
  if (info.estadisticas.length === 0) return null;
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }}>
      {info.estadisticas.map((e) => (
        <StatCard key={e.rol} label={roleLabel(e.rol)} value={e.total} note={`${formatCantidad(e.activos, 'activo')} · ${formatCantidad(e.inactivos, 'inactivo')}`} />
      ))}
    </SimpleGrid>
  );
}

interface TablaProps {
  usuarios: UsuarioGestion[];
  info: RolesInfo;
  onEdit: (u: UsuarioGestion) => void;
  onDelete: (u: UsuarioGestion) => void;
}

/** The caller may edit itself and users below its level, and delete the latter (the server checks it too). */
function useGestionables(info: RolesInfo) {
  const propioId = useSession().usuario?.id;
  const nivel = info.rolesDisponibles.find((r) => r.value === info.rolActual)?.nivel_jerarquico ?? 0;
  const inferior = (u: UsuarioGestion) => u.rolInfo.nivel_jerarquico > nivel;
  return {
    editable: (u: UsuarioGestion) => info.restricciones.puede_editar && (inferior(u) || u.id === propioId),
    eliminable: (u: UsuarioGestion) => info.restricciones.puede_eliminar && inferior(u) && u.id !== propioId,
  };
}

function TablaUsuarios({ usuarios, info, onEdit, onDelete }: TablaProps) {
  const { editable, eliminable } = useGestionables(info);
  return (
    <ScrollTable minWidth={1000} striped highlightOnHover>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Usuario</Table.Th><Table.Th>Nombre</Table.Th><Table.Th>Email</Table.Th><Table.Th>Rol</Table.Th>
          <Table.Th>Estado</Table.Th><Table.Th>Contraseña</Table.Th><Table.Th>Acciones</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {usuarios.map((u) => (
          <Table.Tr key={u.id}>
            <Table.Td>{u.nombre_usuario}</Table.Td>
            <Table.Td>{u.nombre_completo}</Table.Td>
            <Table.Td>{u.email}</Table.Td>
            <Table.Td><Badge color={u.rolInfo.color_badge} variant="light">{u.rolInfo.icono} {roleLabel(u.rol)}</Badge></Table.Td>
            <Table.Td><Badge color={u.activo ? 'green' : 'gray'}>{u.activo ? 'Activo' : 'Inactivo'}</Badge></Table.Td>
            <Table.Td><Badge variant="outline" color={ESTADO_CLAVE[u.estado_clave].color}>{ESTADO_CLAVE[u.estado_clave].label}</Badge></Table.Td>
            <Table.Td>
              <Group gap={4} wrap="nowrap">
                {editable(u) && (
                  <ActionIcon variant="subtle" aria-label={`Editar ${u.nombre_usuario}`} onClick={() => onEdit(u)}>
                    <IconPencil size={18} />
                  </ActionIcon>
                )}
                {eliminable(u) && (
                  <ActionIcon variant="subtle" color="red" aria-label={`Eliminar ${u.nombre_usuario}`} onClick={() => onDelete(u)}>
                    <IconTrash size={18} />
                  </ActionIcon>
                )}
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ScrollTable>
  );
}

function EliminarUsuarioDialog({ dialog }: { dialog: Dialog<UsuarioGestion> }) {
  const eliminar = useEliminarUsuario();
  const keys = useIdempotencyKeys();
  const u = dialog.value;
  const confirmar = async () => {
    if (!u) return;
    try {
      const { message } = await eliminar.mutateAsync({ id: u.id, key: keys.keyFor(u.id) });
      keys.reset();
      configToast.success(message ?? 'Usuario eliminado');
      dialog.close();
    } catch (error) {
      configToast.error(errorMessage(error, 'Error eliminando usuario'));
    }
  };
  return (
    <ConfirmDialog opened={dialog.opened} title="Eliminar usuario" confirmLabel="Eliminar" loading={eliminar.isPending}
      onConfirm={() => void confirmar()} onClose={dialog.close}>
      <Text>
        ¿Eliminar a {u?.nombre_usuario}? Esta acción no se puede deshacer. Si tiene ventas, cajas o validaciones, o es
        pasajero, se desactiva en lugar de eliminarse. Sus sesiones terminan de inmediato.
      </Text>
    </ConfirmDialog>
  );
}

/** 'Gestión de Usuarios': role statistics, filters, table, create/edit and delete, generated credentials. */
export function UsuariosManager() {
  const usuarios = useUsuarios();
  const info = useRolesInfo();
  const [filtros, setFiltros] = useState<Filtros>({ texto: '', rol: null, estado: null });
  const formDialog = useDialog<UsuarioGestion | null>();
  const deleteDialog = useDialog<UsuarioGestion>();
  const credenciales = useDialog<CredencialesTemporales>();
  const visibles = useMemo(() => filtrar(usuarios.data ?? [], filtros), [usuarios.data, filtros]);
  const error = usuarios.data && info.data ? null : (usuarios.error ?? info.error);

  return (
    <QueryState pending={usuarios.isPending || info.isPending} error={error}
      errorTitle={info.error ? 'Error cargando información de roles' : 'Error cargando usuarios'}
      onRetry={() => { void usuarios.refetch(); void info.refetch(); }}>
      {info.data && (
        <Stack>
          <Estadisticas info={info.data} />
          <Group justify="space-between" align="flex-end">
            <Group align="flex-end">
              <TextInput label="Buscar" placeholder="Usuario, nombre o email" leftSection={<IconSearch size={16} />}
                value={filtros.texto} onChange={(e) => setFiltros({ ...filtros, texto: e.currentTarget.value })} />
              <Select label="Rol" placeholder="Todos" clearable value={filtros.rol}
                data={info.data.rolesDisponibles.map((r) => ({ value: r.value, label: roleLabel(r.label) }))}
                onChange={(rol) => setFiltros({ ...filtros, rol })} />
              <Select label="Estado" placeholder="Todos" clearable value={filtros.estado}
                data={[{ value: 'activo', label: 'Activos' }, { value: 'inactivo', label: 'Inactivos' }]}
                onChange={(estado) => setFiltros({ ...filtros, estado })} />
            </Group>
            {info.data.restricciones.puede_crear && (
              <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => formDialog.open(null)}>Nuevo usuario</Button>
            )}
          </Group>
          {visibles.length === 0 ? (
            <EmptyState icon={IconUsers} title="No hay usuarios que coincidan con los filtros" />
          ) : (
            <TablaUsuarios usuarios={visibles} info={info.data} onEdit={formDialog.open} onDelete={deleteDialog.open} />
          )}
          <UsuarioFormModal info={info.data} dialog={formDialog} onCredenciales={credenciales.open} />
          <EliminarUsuarioDialog dialog={deleteDialog} />
          <CredencialesDialog opened={credenciales.opened} credenciales={credenciales.value} onClose={credenciales.close} />
        </Stack>
      )}
    </QueryState>
  );
}
