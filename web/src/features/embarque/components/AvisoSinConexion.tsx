import { Alert, List, Text } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useHoy } from '@/lib/dates';
import { formatDateTime } from '@/lib/format';
import { hayAlmacenLocal } from '@/lib/offline/persistencia';
import { embarquesPendientes, pasajesVencidos, usePasajesLocales } from '@/features/embarque/pasajesLocales';
import { pendientesKey, type AvisoOffline } from '@/features/embarque/useValidadorOffline';
import { MSG_SIN_CLAVE } from '@/features/embarque/validacionOffline';

/**
 * The offline notice's figures: keeps today's and tomorrow's tickets on the phone while online
 * (usePasajesLocales) and counts the boardings waiting to be sent while offline. Its own hook, for a
 * component of its own: each save and count re-renders that component, not the whole validator
 * (on a slow phone, a render of the screen per answer after the first paint).
 */
function useAvisoOffline(sinConexion: boolean, conClave: boolean): AvisoOffline {
  const hoy = useHoy();
  const pasajes = usePasajesLocales(hoy, !sinConexion);
  const local = hayAlmacenLocal();
  const pendientes = useQuery({
    queryKey: pendientesKey,
    queryFn: embarquesPendientes,
    enabled: local && sinConexion,
    networkMode: 'always',
  });
  return { activo: local && sinConexion, pasajes, pendientes: pendientes.data ?? 0, conClave };
}

/**
 * The tickets kept on the phone and, offline, the notice with them (useAvisoOffline); null online. With
 * Dexie, a chunk the validator loads once painted (ValidadorPage).
 */
export function AvisoDelTelefono({ sinConexion, conClave }: { sinConexion: boolean; conClave: boolean }) {
  const aviso = useAvisoOffline(sinConexion, conClave);
  return aviso.activo ? <AvisoSinConexion {...aviso} /> : null;
}

/** How long ago a device time was, in words: 'hace 5 min', 'hace 2 h 10 min'. */
export function antiguedad(desde: number, ahora = Date.now()): string {
  const minutos = Math.max(0, Math.floor((ahora - desde) / 60_000));
  if (minutos < 1) return 'hace menos de un minuto';
  if (minutos < 60) return `hace ${minutos} min`;
  const horas = Math.floor(minutos / 60);
  const resto = minutos % 60;
  return `hace ${horas} h${resto ? ` ${resto} min` : ''}`;
}

/** The tickets kept on the phone: how many and when, their age when older than their validity (1 h). */
function PasajesGuardados({ pasajes }: Pick<AvisoOffline, 'pasajes'>) {
  if (!pasajes) {
    return <>No hay pasajes guardados en este teléfono: los códigos QR se validan solo por su firma.</>;
  }
  const cantidad = `Pasajes de hoy y mañana guardados: ${pasajes.cantidad}`;
  if (pasajesVencidos(pasajes)) {
    return (
      <Text span fw={700}>
        {cantidad}, actualizados {antiguedad(pasajes.guardado_en)} ({formatDateTime(pasajes.guardado_en)}): pueden estar
        desactualizados.
      </Text>
    );
  }
  return <>{cantidad}, actualizados {antiguedad(pasajes.guardado_en)}.</>;
}

/** The validator's offline notice: it validates on the phone, what it holds, what waits to be sent. */
export function AvisoSinConexion({ pasajes, pendientes, conClave }: AvisoOffline) {
  return (
    <Alert color="orange" variant="light" icon={<IconWifiOff aria-hidden />} title="Modo sin conexión" role="status"
      aria-label="Modo sin conexión" styles={{ title: { color: 'var(--mantine-color-dark-9)' } }}>
      <Text size="md" c="dark.9">
        Los pasajes se validan en este teléfono y los embarques se envían al servidor cuando vuelve la conexión.
      </Text>
      <List size="md" c="dark.9" mt={4}>
        <List.Item><PasajesGuardados pasajes={pasajes} /></List.Item>
        <List.Item>
          {pendientes === 0 ? 'No hay embarques por enviar.' : `Embarques por enviar: ${pendientes}.`}
        </List.Item>
        {!conClave && <List.Item><Text span fw={700}>{MSG_SIN_CLAVE}.</Text></List.Item>}
      </List>
    </Alert>
  );
}
