import { Alert } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';

/** The usuarios tab until user management exists: says so, with nothing to click. */
export function UsuariosAviso() {
  return (
    <Alert variant="light" title="Usuarios del sistema" icon={<IconUsers aria-hidden />}>
      La gestión de usuarios llegará con su propio módulo. Por ahora no hay nada que configurar aquí.
    </Alert>
  );
}
