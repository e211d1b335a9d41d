import { Alert, Badge, Button, Drawer, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCloudCheck, IconRefresh, IconWifiOff } from '@tabler/icons-react';
import { useState } from 'react';
import { EmptyState } from '@/components/EmptyState';
import { useOnline } from '@/lib/connectivity';
import { formatCantidad, formatDateTime } from '@/lib/format';
import { notifyError } from '@/lib/notify';
import { reintentar } from '@/lib/offline/cola';
import type { AccionOffline, EstadoAccion } from '@/lib/offline/db';
import { useSincronizarAhora } from '@/features/offline/useSincronizador';

const ESTADOS: Record<EstadoAccion, { label: string; color: string }> = {
  pendiente: { label: 'Pendiente', color: 'yellow' },
  enviando: { label: 'Enviando', color: 'blue' },
  fallida: { label: 'Fallida', color: 'red' },
};

/** What the action is, in a few words: the ticket boarded, the tickets sold. */
function detalle(accion: AccionOffline): string {
  if (accion.tipo === 'embarque') {
    const { codigo } = accion.datos;
    return codigo.startsWith('MUELLE') ? 'Código QR escaneado' : `Pasaje ${codigo}`;
  }
  const { pasajes } = accion.datos;
  const primero = pasajes[0]?.numero_pasaje;
  return primero ? `${formatCantidad(pasajes.length, 'pasaje')} · ${primero}${pasajes.length > 1 ? '…' : ''}` : formatCantidad(pasajes.length, 'pasaje');
}

function Accion({ accion }: { accion: AccionOffline }) {
  const [reintentando, setReintentando] = useState(false);
  const { sincronizarAhora } = useSincronizarAhora();
  const online = useOnline();
  const estado = ESTADOS[accion.estado];
  const titulo = accion.tipo === 'venta' ? 'Venta' : 'Embarque';
  const onReintentar = async () => {
    setReintentando(true);
    try {
      await reintentar(accion.id);
      if (online) await sincronizarAhora();
    } catch {
      notifyError('No se pudo volver a poner la acción en la cola');
    } finally {
      setReintentando(false);
    }
  };
  return (
    <Paper component="li" withBorder p="sm" radius="md" aria-label={`${titulo} del ${formatDateTime(accion.ocurrido_en)}, ${estado.label}`}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2} miw={0}>
          <Text fw={600}>{titulo}</Text>
          <Text size="sm" truncate>{detalle(accion)}</Text>
          <Text size="sm" c="dimmed">{formatDateTime(accion.ocurrido_en)}</Text>
        </Stack>
        <Badge color={estado.color} variant="light" style={{ flexShrink: 0 }}>{estado.label}</Badge>
      </Group>
      {accion.estado !== 'fallida' && accion.motivo && (
        <Text size="sm" c="dimmed" mt="xs">Último intento: {accion.motivo}</Text>
      )}
      {accion.estado === 'fallida' && (
        <Stack gap="xs" mt="xs">
          {accion.motivo && <Text size="sm" c="red.8">Motivo: {accion.motivo}</Text>}
          <Group justify="flex-end">
            <Button size="xs" variant="light" leftSection={<IconRefresh size={16} aria-hidden />} loading={reintentando}
              onClick={() => void onReintentar()} aria-label={`Reintentar ${titulo.toLowerCase()} del ${formatDateTime(accion.ocurrido_en)}`}>
              Reintentar
            </Button>
          </Group>
        </Stack>
      )}
    </Paper>
  );
}

interface PanelAccionesPendientesProps {
  opened: boolean;
  onClose: () => void;
  acciones: AccionOffline[];
}

/** The offline queue: each action with its kind, when, its state and why it failed; retry one, or sync now. */
export function PanelAccionesPendientes({ opened, onClose, acciones }: PanelAccionesPendientesProps) {
  const online = useOnline();
  const { sincronizarAhora, sincronizando } = useSincronizarAhora();
  const porEnviar = acciones.filter((a) => a.estado !== 'fallida').length;
  return (
    <Drawer opened={opened} onClose={onClose} position="right" title="Acciones sin sincronizar" closeButtonProps={{ 'aria-label': 'Cerrar' }}>
      <Stack>
        {!online && (
          <Alert color="orange" icon={<IconWifiOff size={18} aria-hidden />}>
            Sin conexión a Internet: las acciones se enviarán solas cuando vuelva la conexión.
          </Alert>
        )}
        {acciones.length === 0 ? (
          <EmptyState icon={IconCloudCheck} title="No hay acciones pendientes" message="Todo lo hecho en este dispositivo ya llegó al servidor." />
        ) : (
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Acciones en la cola">
            {acciones.map((accion) => <Accion key={accion.id} accion={accion} />)}
          </Stack>
        )}
        <Button leftSection={<IconRefresh size={18} aria-hidden />} onClick={() => void sincronizarAhora()} loading={sincronizando}
          disabled={!online || porEnviar === 0}>
          Sincronizar ahora
        </Button>
      </Stack>
    </Drawer>
  );
}
