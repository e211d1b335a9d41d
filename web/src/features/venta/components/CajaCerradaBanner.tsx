import { Alert, List } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';

/** Red banner over the blocked form while the seller has no open register. */
export function CajaCerradaBanner() {
  return (
    <Alert color="red" variant="filled" icon={<IconLock aria-hidden />} title="Caja Cerrada - Ventas Bloqueadas">
      Para vender pasajes debes abrir una caja:
      <List size="sm" mt={4} c="white">
        <List.Item>Todas las ventas se registran en la caja activa.</List.Item>
        <List.Item>Cada usuario puede tener una sola caja abierta.</List.Item>
        <List.Item>El monto de apertura se controla al cerrar la caja.</List.Item>
      </List>
    </Alert>
  );
}
