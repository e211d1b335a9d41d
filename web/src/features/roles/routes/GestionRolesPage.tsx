import { Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconEdit, IconPlus, IconShieldLock, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { AccionFila } from '@/components/AccionFila';
import { EmptyState } from '@/components/EmptyState';
import { QueryState } from '@/components/QueryState';
import { ScrollTable } from '@/components/ScrollTable';
import { usePlantillaRol, useRoles, type Rol } from '@/api/roles';
import { EliminarRolDialog } from '@/features/roles/components/EliminarRolDialog';
import { RolFormModal } from '@/features/roles/components/RolFormModal';

/** /admin/gestion-roles (super_admin): the roles with their permission matrix (backoffice §2.6). */
export function GestionRolesPage() {
  const roles = useRoles();
  const plantilla = usePlantillaRol();
  const [form, setForm] = useState({ opened: false, rol: null as Rol | null, key: 0 });
  const [borrar, setBorrar] = useState<Rol | null>(null);
  const abrir = (rol: Rol | null) => setForm((f) => ({ opened: true, rol, key: f.key + 1 }));

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>Gestión de Roles</Title>
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => abrir(null)} disabled={!plantilla.data}>
          Nuevo Rol
        </Button>
      </Group>
      <Text c="dimmed">Los cambios de un rol se aplican a todos sus usuarios desde su próxima acción.</Text>
      <QueryState
        pending={roles.isPending}
        error={roles.data ? null : roles.error}
        errorTitle="Error al cargar roles"
        onRetry={() => void roles.refetch()}
      >
        {roles.data?.length === 0 ? (
          <EmptyState icon={IconShieldLock} title="No hay roles registrados" />
        ) : (
          <RolesTable roles={roles.data ?? []} onEdit={abrir} onDelete={setBorrar} />
        )}
      </QueryState>
      <RolFormModal opened={form.opened} formKey={form.key} rol={form.rol} plantilla={plantilla.data}
        onClose={() => setForm((f) => ({ ...f, opened: false }))} />
      <EliminarRolDialog rol={borrar} roles={roles.data ?? []} onClose={() => setBorrar(null)} />
    </Stack>
  );
}

interface RolesTableProps {
  roles: readonly Rol[];
  onEdit: (rol: Rol) => void;
  onDelete: (rol: Rol) => void;
}

function RolesTable({ roles, onEdit, onDelete }: RolesTableProps) {
  return (
    <ScrollTable minWidth={720} striped aria-label="Roles">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Rol</Table.Th>
          <Table.Th>Descripción</Table.Th>
          <Table.Th>Nivel</Table.Th>
          <Table.Th>Usuarios</Table.Th>
          <Table.Th>Estado</Table.Th>
          <Table.Th>Acciones</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {roles.map((rol) => (
          <Table.Tr key={rol.id}>
            <Table.Td>
              <Group gap="xs" wrap="nowrap">
                <Badge color={rol.color_badge} leftSection={<span aria-hidden>{rol.icono}</span>}>{rol.nombre}</Badge>
                {rol.integrado && <Badge variant="outline" color="gray">Sistema</Badge>}
              </Group>
            </Table.Td>
            <Table.Td>{rol.descripcion}</Table.Td>
            <Table.Td>{rol.nivel_jerarquico}</Table.Td>
            <Table.Td>{rol.usuarios}</Table.Td>
            <Table.Td>
              <Badge color={rol.activo ? 'green' : 'gray'} variant="light">{rol.activo ? 'Activo' : 'Inactivo'}</Badge>
            </Table.Td>
            <Table.Td>
              <Group gap={4} wrap="nowrap">
                <AccionFila label="Editar" asunto={rol.nombre} icon={IconEdit} onClick={() => onEdit(rol)} />
                {!rol.integrado && (
                  <AccionFila label="Eliminar" asunto={rol.nombre} icon={IconTrash} color="red.8" onClick={() => onDelete(rol)} />
                )}
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ScrollTable>
  );
}
