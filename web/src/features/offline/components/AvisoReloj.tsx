import { Alert } from '@mantine/core';
import { IconClockExclamation } from '@tabler/icons-react';
import { desfaseAAvisar } from '@/lib/offline/sincronizador';
import { useDesfaseReloj } from '@/features/offline/useColaOffline';

/**
 * The device clock is off from the server's by more than 2 minutes (measured by the last sync):
 * a notice that stays until a sync measures it right, since offline acts are stamped with it.
 */
export function AvisoReloj() {
  const desfase = desfaseAAvisar(useDesfaseReloj());
  if (desfase === null) return null;
  const minutos = Math.round(Math.abs(desfase) / 60_000);
  const sentido = desfase > 0 ? 'adelantado' : 'atrasado';
  return (
    <Alert color="orange" variant="light" mb="md" title="La hora de este dispositivo no es correcta"
      icon={<IconClockExclamation size={20} aria-hidden />}>
      El reloj de este dispositivo está {sentido} {minutos === 1 ? '1 minuto' : `${minutos} minutos`} respecto del servidor.
      Corrija la fecha y hora en la configuración del dispositivo: las acciones sin conexión se registran con esa diferencia.
    </Alert>
  );
}
