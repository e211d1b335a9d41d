import { Badge } from '@mantine/core';

const COLORES: Record<string, string> = {
  LOGIN: 'blue', LOGOUT: 'gray', VENTA_PASAJE: 'green', APERTURA_CAJA: 'teal', CIERRE_CAJA: 'orange',
  VALIDACION_EMBARQUE: 'cyan', ANULACION_PASAJE: 'red', REACTIVACION_PASAJE: 'grape', ROL_DENEGADO: 'red', SESION_TERMINADA: 'red',
};

/** An audit action as a badge, coloured by kind (violet for the others). */
export function AccionBadge({ accion }: { accion: string }) {
  return <Badge variant="light" color={COLORES[accion] ?? 'violet'} tt="none">{accion}</Badge>;
}
