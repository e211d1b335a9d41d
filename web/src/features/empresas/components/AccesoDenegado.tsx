import { Alert } from '@mantine/core';

/** backoffice §2.12: what another role sees on a super administrator's screen. */
export function AccesoDenegado({ texto }: { texto: string }) {
  return <Alert color="red" title="Acceso Denegado">{texto}</Alert>;
}
