import { Select, Text } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { useEliminarRol, type Rol } from '@/api/roles';
import { errorMessage } from '@/lib/api';
import { formatNumber } from '@/lib/format';
import { rolesModulosToast } from '@/lib/notify';

interface EliminarRolDialogProps {
  rol: Rol | null;
  roles: readonly Rol[];
  onClose: () => void;
}

/**
 * Asks before deleting a custom role. When users hold it they lose its access and
 * move to the role chosen here (another active role, never super_admin).
 */
export function EliminarRolDialog({ rol, roles, onClose }: EliminarRolDialogProps) {
  const eliminar = useEliminarRol();
  const [destino, setDestino] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const destinos = roles.filter((r) => r.id !== rol?.id && r.activo && r.nombre !== 'super_admin');
  const enUso = (rol?.usuarios ?? 0) > 0;

  const close = () => {
    setDestino(null);
    setError(null);
    onClose();
  };

  const confirm = async () => {
    if (!rol) return;
    if (enUso && !destino) {
      setError('Elige el rol al que pasan sus usuarios');
      return;
    }
    try {
      const { message } = await eliminar.mutateAsync({ id: rol.id, reasignarA: destino ? Number(destino) : undefined });
      rolesModulosToast.success(message ?? 'Rol eliminado exitosamente');
      close();
    } catch (e) {
      rolesModulosToast.error(errorMessage(e, 'Error al eliminar rol'));
    }
  };

  return (
    <ConfirmDialog opened={rol !== null} title="Eliminar rol" confirmLabel="Eliminar" loading={eliminar.isPending}
      onConfirm={() => void confirm()} onClose={close}>
      <Text>¿Eliminar el rol «{rol?.nombre}»?</Text>
      {enUso && (
        <>
          <Text c="red.8">
            {rol?.usuarios === 1
              ? '1 usuario tiene este rol y perderá su acceso con él: pasará al rol que elija.'
              : `${formatNumber(rol?.usuarios ?? 0)} usuarios tienen este rol y perderán su acceso con él: pasarán al rol que elija.`}
          </Text>
          <Select
            label="Pasar sus usuarios al rol"
            withAsterisk
            data={destinos.map((r) => ({ value: String(r.id), label: r.nombre }))}
            value={destino}
            onChange={(v) => { setDestino(v); setError(null); }}
            error={error}
          />
        </>
      )}
    </ConfirmDialog>
  );
}
