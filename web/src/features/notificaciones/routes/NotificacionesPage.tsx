import { Badge, Button, Group, SegmentedControl, Select, Stack, Text, Title } from '@mantine/core';
import { IconBellOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { notificacionesQuery, type EstadoFiltro, type TipoFiltro } from '@/api/notificaciones';
import { AvisoConexionInsegura } from '@/components/AvisoConexionInsegura';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { EmptyState } from '@/components/EmptyState';
import { QueryState } from '@/components/QueryState';
import { NotificacionItem } from '@/features/notificaciones/NotificacionItem';
import { PermisoNavegador } from '@/features/notificaciones/PermisoNavegador';
import { PushNavegador } from '@/features/notificaciones/PushNavegador';
import { useAcciones } from '@/features/notificaciones/useAcciones';

const ESTADOS: { value: EstadoFiltro; label: string }[] = [
  { value: 'todas', label: 'Todas' },
  { value: 'no_leidas', label: 'No leídas' },
  { value: 'leidas', label: 'Leídas' },
];

const TIPOS: { value: TipoFiltro; label: string }[] = [
  { value: 'todas', label: 'Todos los tipos' },
  { value: 'venta', label: 'Ventas' },
  { value: 'caja', label: 'Caja' },
  { value: 'embarque', label: 'Embarque' },
  { value: 'alerta', label: 'Alertas' },
  { value: 'whatsapp', label: 'WhatsApp' },
];

/** /admin/notificaciones: 'Centro de Notificaciones' (backoffice §2.22). */
export function NotificacionesPage() {
  const [estado, setEstado] = useState<EstadoFiltro>('todas');
  const [tipo, setTipo] = useState<TipoFiltro>('todas');
  const [confirmar, setConfirmar] = useState(false);
  const query = useQuery(notificacionesQuery({ estado, tipo }));
  const acciones = useAcciones();
  const avisoConexionId = useId();
  const lista = query.data?.notificaciones ?? [];
  const noLeidas = query.data?.no_leidas ?? 0;
  return (
    <Stack>
      <Group justify="space-between">
        <Group gap="sm">
          <Title order={2}>Centro de Notificaciones</Title>
          {noLeidas > 0 && <Badge color="red" size="lg" aria-label={`${noLeidas} sin leer`}>{noLeidas}</Badge>}
        </Group>
        <Group gap="xs">
          <Button variant="light" disabled={noLeidas === 0} onClick={acciones.marcarTodas}>Marcar todas como leídas</Button>
          <Button variant="light" color="red" disabled={lista.length === 0 && estado === 'todas' && tipo === 'todas'}
            onClick={() => setConfirmar(true)}>
            Limpiar todas
          </Button>
        </Group>
      </Group>
      <AvisoConexionInsegura id={avisoConexionId} />
      <Group>
        <SegmentedControl aria-label="Estado" data={ESTADOS} value={estado} onChange={(v) => setEstado(v as EstadoFiltro)} />
        <Select aria-label="Tipo" data={TIPOS} value={tipo} allowDeselect={false}
          onChange={(v) => setTipo((v ?? 'todas') as TipoFiltro)} w={200} />
        <PermisoNavegador avisoConexionId={avisoConexionId} />
        <PushNavegador avisoConexionId={avisoConexionId} />
      </Group>
      <QueryState pending={query.isPending} error={query.error} errorTitle="Error al cargar las notificaciones"
        onRetry={() => void query.refetch()}>
        {lista.length === 0 ? (
          <EmptyState icon={IconBellOff}
            title={estado === 'no_leidas' ? 'No tienes notificaciones sin leer' : 'No hay notificaciones'} />
        ) : (
          <Stack gap="xs">
            {lista.map((n) => (
              <NotificacionItem key={n.id} notificacion={n} onLeida={acciones.marcarLeida} onEliminar={acciones.eliminar} />
            ))}
          </Stack>
        )}
      </QueryState>
      <ConfirmDialog opened={confirmar} title="Limpiar notificaciones" confirmLabel="Limpiar todas"
        loading={acciones.limpiando} onClose={() => setConfirmar(false)}
        onConfirm={() => acciones.limpiar(() => setConfirmar(false))}>
        <Text>Se eliminarán todas tus notificaciones. Esta acción no se puede deshacer.</Text>
      </ConfirmDialog>
    </Stack>
  );
}
