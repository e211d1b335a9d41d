import { Alert, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { AVISO_CONEXION_INSEGURA, direccionSegura, paginaSegura } from '@/lib/contextoSeguro';

/**
 * On a page that is not a secure context (lib/contextoSeguro), what does not work and the https address
 * to ask for; nothing on a secure one. A screen shows it once, and its controls that cannot work here
 * are disabled with `aria-describedby` set to `id`.
 */
export function AvisoConexionInsegura({ id }: { id: string }) {
  if (paginaSegura()) return null;
  return (
    <Alert id={id} color="orange" variant="light" role="note" icon={<IconAlertTriangle aria-hidden />}>
      {AVISO_CONEXION_INSEGURA} <Text span inherit fw={700}>{direccionSegura()}</Text>
    </Alert>
  );
}
