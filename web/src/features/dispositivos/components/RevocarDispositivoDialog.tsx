import { Text } from '@mantine/core';
import { useRevocarDispositivo, type Dispositivo } from '@/api/dispositivos';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { errorMessage } from '@/lib/api';
import type { Dialog } from '@/lib/dialog';
import { configToast } from '@/lib/notify';

/** Asks before revoking a device (a lost or replaced phone): it stays listed, as revoked. */
export function RevocarDispositivoDialog({ dialog }: { dialog: Dialog<Dispositivo> }) {
  const revocar = useRevocarDispositivo();
  const dispositivo = dialog.value;

  const confirm = async () => {
    if (!dispositivo) return;
    try {
      const { message } = await revocar.mutateAsync(dispositivo.id);
      configToast.success(message ?? 'Dispositivo revocado');
      dialog.close();
    } catch (error) {
      configToast.error(errorMessage(error, 'Error al revocar el dispositivo'));
    }
  };

  return (
    <ConfirmDialog
      opened={dialog.opened}
      title="Revocar dispositivo"
      confirmLabel="Revocar"
      loading={revocar.isPending}
      onConfirm={confirm}
      onClose={dialog.close}
    >
      <Text>¿Revocar «{dispositivo?.nombre}» (código {dispositivo?.codigo})?</Text>
      <Text size="sm" c="dimmed">
        No podrá sincronizar ventas ni embarques hechos sin conexión desde ahora; lo que registró antes se sigue aceptando.
        Para volver a usarlo habrá que registrarlo de nuevo.
      </Text>
    </ConfirmDialog>
  );
}
