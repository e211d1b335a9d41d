import { Alert, List } from '@mantine/core';
import { IconHourglass, IconLock } from '@tabler/icons-react';

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

/** Orange banner over the blocked form while the seller's register waits for its close's approval. */
export function CierrePendienteBanner() {
  return (
    <Alert color="orange" variant="filled" icon={<IconHourglass aria-hidden />} title="Cierre pendiente de aprobación - Ventas Bloqueadas">
      La caja ya se contó y la diferencia supera la tolerancia de la empresa: no registra más ventas. Un supervisor
      aprueba el cierre en Gestión de Caja (con su usuario y contraseña, o desde su propia sesión); después puedes
      abrir una caja nueva.
    </Alert>
  );
}
