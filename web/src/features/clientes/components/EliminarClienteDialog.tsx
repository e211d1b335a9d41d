import { Text } from '@mantine/core';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { useEliminarCliente, type Cliente } from '@/api/clientes';
import { errorMessage } from '@/lib/api';
import type { Dialog } from '@/lib/dialog';
import { configToast } from '@/lib/notify';

/** Asks before deleting a customer; one with tickets comes back deactivated (an info toast says so). */
export function EliminarClienteDialog({ dialog }: { dialog: Dialog<Cliente> }) {
  const eliminar = useEliminarCliente();
  const cliente = dialog.value;

  const confirm = async () => {
    if (!cliente) return;
    try {
      const { data, message } = await eliminar.mutateAsync(cliente.id);
      const text = message ?? 'Cliente eliminado correctamente';
      if (data.desactivado) configToast.info(text);
      else configToast.success(text);
      dialog.close();
    } catch (error) {
      configToast.error(errorMessage(error, 'Error al eliminar cliente'));
    }
  };

  return (
    <ConfirmDialog
      opened={dialog.opened}
      title="Eliminar cliente"
      confirmLabel="Eliminar"
      loading={eliminar.isPending}
      onConfirm={confirm}
      onClose={dialog.close}
    >
      <Text>¿Está seguro de eliminar a «{cliente?.nombre} {cliente?.apellido}»?</Text>
      <Text size="sm" c="dimmed">Si ya tiene pasajes, se desactivará en lugar de eliminarse.</Text>
    </ConfirmDialog>
  );
}
