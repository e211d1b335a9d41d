import { Text } from '@mantine/core';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { useEliminarItem, type ItemCatalogo } from '@/api/config';
import { errorMessage } from '@/lib/api';
import type { Dialog } from '@/lib/dialog';
import { configToast } from '@/lib/notify';
import type { CatalogoDef } from '@/features/configuracion/catalogos';

/** Asks before deleting an entry; an entry in use comes back deactivated (an info toast says so). */
export function EliminarItemDialog({ def, dialog }: { def: CatalogoDef; dialog: Dialog<ItemCatalogo> }) {
  const eliminar = useEliminarItem(def.key);
  const item = dialog.value;

  const confirm = async () => {
    if (!item) return;
    try {
      const { data, message } = await eliminar.mutateAsync(item.id);
      const text = message ?? 'Eliminado exitosamente';
      if (data.desactivado) configToast.info(text);
      else configToast.success(text);
      dialog.close();
    } catch (error) {
      configToast.error(errorMessage(error, def.errorEliminar));
    }
  };

  return (
    <ConfirmDialog
      opened={dialog.opened}
      title={`Eliminar ${def.singular}`}
      confirmLabel="Eliminar"
      loading={eliminar.isPending}
      onConfirm={confirm}
      onClose={dialog.close}
    >
      <Text>¿Está seguro de eliminar «{item?.nombre}»? Esta acción no se puede deshacer.</Text>
      <Text size="sm" c="dimmed">
        Si ya tiene pasajes o movimientos de caja registrados, se desactivará en lugar de eliminarse.
      </Text>
    </ConfirmDialog>
  );
}
