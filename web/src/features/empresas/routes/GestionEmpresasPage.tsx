import { ActionIcon, Badge, Button, Group, Loader, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconChartBar, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { empresasQuery, useDesactivarEmpresa, type EmpresaCreada, type EmpresaListada } from '@/api/empresas';
import { CredencialesDialog } from '@/components/CredencialesDialog';
import { errorMessage } from '@/lib/api';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useSession } from '@/lib/session';
import { formatDate } from '@/lib/format';
import { AccesoDenegado } from '@/features/empresas/components/AccesoDenegado';
import { EmpresaFormModal } from '@/features/empresas/components/EmpresaFormModal';
import { EstadisticasModal } from '@/features/empresas/components/EstadisticasModal';

export const SOLO_SUPER_ADMIN_EMPRESAS = 'Solo los super administradores pueden acceder a la gestión de empresas.';

type Edicion = { empresa?: EmpresaListada } | null;

function Fila({ e, onEdit, onStats }: { e: EmpresaListada; onEdit: () => void; onStats: () => void }) {
  const desactivar = useDesactivarEmpresa();
  const confirmar = () => {
    if (!window.confirm(`¿Desactivar la empresa ${e.nombre}? Sus usuarios no podrán ingresar; los datos se conservan.`)) return;
    desactivar.mutateAsync(e.id).then(
      ({ message }) => notifySuccess(message ?? 'Empresa desactivada'),
      (error: unknown) => notifyError(errorMessage(error, 'Error al eliminar')),
    );
  };
  return (
    <Table.Tr>
      <Table.Td><Text fw={600}>{e.nombre}</Text><Text size="sm" c="dimmed">{e.email}</Text></Table.Td>
      <Table.Td>{e.ruc}</Table.Td>
      <Table.Td>{e.tipo === 'administrativa' ? 'Administrativa' : 'Operativa'}</Table.Td>
      <Table.Td>{e.usuarios_count}</Table.Td>
      <Table.Td><Badge color={e.activa ? 'green' : 'gray'}>{e.activa ? 'Activa' : 'Inactiva'}</Badge></Table.Td>
      <Table.Td>{formatDate(e.created_at)}</Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Tooltip label="Estadísticas"><ActionIcon variant="subtle" aria-label={`Estadísticas de ${e.nombre}`} onClick={onStats}><IconChartBar size={18} /></ActionIcon></Tooltip>
          <Tooltip label="Editar"><ActionIcon variant="subtle" aria-label={`Editar ${e.nombre}`} onClick={onEdit}><IconPencil size={18} /></ActionIcon></Tooltip>
          <Tooltip label="Desactivar">
            <ActionIcon variant="subtle" color="red" aria-label={`Desactivar ${e.nombre}`} disabled={!e.activa} loading={desactivar.isPending} onClick={confirmar}>
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

function Empresas() {
  const { data, isPending, isError } = useQuery(empresasQuery);
  const [edicion, setEdicion] = useState<Edicion>(null);
  const [stats, setStats] = useState<EmpresaListada | null>(null);
  const [creada, setCreada] = useState<EmpresaCreada | null>(null);
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>Gestión de Empresas</Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEdicion({})}>Nueva empresa</Button>
      </Group>
      {isPending && <Loader />}
      {isError && <Text c="red">Error cargando datos</Text>}
      {data && (
        <Table.ScrollContainer minWidth={760}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Empresa</Table.Th><Table.Th>RUC</Table.Th><Table.Th>Tipo</Table.Th><Table.Th>Usuarios</Table.Th>
                <Table.Th>Estado</Table.Th><Table.Th>Creada</Table.Th><Table.Th>Acciones</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.map((e) => <Fila key={e.id} e={e} onEdit={() => setEdicion({ empresa: e })} onStats={() => setStats(e)} />)}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <EmpresaFormModal opened={edicion !== null} empresa={edicion?.empresa} onClose={() => setEdicion(null)} onCreated={setCreada} />
      <CredencialesDialog opened={creada !== null} credenciales={creada?.credenciales_temporales} onClose={() => setCreada(null)}>
        <Text>La empresa {creada?.empresa.nombre} ya tiene sus secciones, tipos de viaje y medios de pago iniciales, y su administrador:</Text>
      </CredencialesDialog>
      <EstadisticasModal empresa={stats} onClose={() => setStats(null)} />
    </Stack>
  );
}

/** /admin/empresas: 'Gestión de Empresas' (super_admin; others read 'Acceso Denegado'). */
export function GestionEmpresasPage() {
  const { roleName } = useSession();
  return roleName === 'super_admin' ? <Empresas /> : <AccesoDenegado texto={SOLO_SUPER_ADMIN_EMPRESAS} />;
}
