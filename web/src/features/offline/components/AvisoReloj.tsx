import { Alert } from '@mantine/core';
import { IconClockExclamation } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { desfaseAAvisar } from '@/lib/offline/sincronizador';
import { desfaseRelojQuery } from '@/api/reloj';
import { useDesfaseReloj } from '@/features/offline/useColaOffline';

/**
 * The device clock is off from the server's by more than 2 minutes, measured as the app loads
 * (api/reloj, so the notice shows right after the login) or by the last sync: it stays until the
 * sync finds it right, since sales default to the day and offline acts are stamped with it.
 */
export function AvisoReloj() {
  const alCargar = useQuery(desfaseRelojQuery);
  const sincronizado = useDesfaseReloj();
  const desfase = (alCargar.dataUpdatedAt > 0 ? desfaseAAvisar(alCargar.data) : null) ?? desfaseAAvisar(sincronizado);
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
