import { Badge, Grid, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { usuariosDeEmpresaQuery } from '@/api/empresas';
import { roleLabel } from '@/lib/session';
import { formatDateTime } from '@/lib/format';
import { ListaEmpresas } from '@/features/empresas/components/ListaEmpresas';

function Usuarios({ empresaId }: { empresaId: number }) {
  const { data, isPending, isError } = useQuery(usuariosDeEmpresaQuery(empresaId));
  if (isPending) return <Loader />;
  if (isError) return <Text c="red">Error cargando usuarios</Text>;
  if (data.length === 0) return <Text c="dimmed">No hay usuarios</Text>;
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped>
        <Table.Thead>
          <Table.Tr><Table.Th>Usuario</Table.Th><Table.Th>Rol</Table.Th><Table.Th>Estado</Table.Th><Table.Th>Último Login</Table.Th></Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.map((u) => (
            <Table.Tr key={u.id}>
              <Table.Td><Text fw={600}>{u.nombre_usuario}</Text><Text size="sm" c="dimmed">{`${u.nombre} ${u.apellido}`.trim()}</Text></Table.Td>
              <Table.Td><Badge color={u.color_badge || 'gray'} autoContrast>{u.icono} {roleLabel(u.rol)}</Badge></Table.Td>
              <Table.Td><Badge color={u.activo ? 'green' : 'gray'}>{u.activo ? 'Activo' : 'Inactivo'}</Badge></Table.Td>
              <Table.Td>{u.ultimo_login ? formatDateTime(u.ultimo_login) : 'Nunca'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** /admin/empresas/usuarios: companies with their user counts and each one's users (super_admin). */
export function UsuariosPorEmpresaPage() {
  const [empresaId, setEmpresaId] = useState<number | null>(null);
  return (
    <Stack>
      <Title order={1}>Usuarios por Empresa</Title>
      <Grid>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <ListaEmpresas selected={empresaId} onSelect={setEmpresaId} detalle={(e) => `${e.usuarios_count} usuarios`} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          {empresaId === null ? <Text c="dimmed">Seleccione una empresa</Text> : <Usuarios empresaId={empresaId} />}
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
