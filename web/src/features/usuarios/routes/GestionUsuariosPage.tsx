import { Stack, Title } from '@mantine/core';
import { UsuariosManager } from '@/features/usuarios/components/UsuariosManager';

/** /admin/gestion-usuarios: 'Gestión de Usuarios' (backoffice §2.5). */
export function GestionUsuariosPage() {
  return (
    <Stack>
      <Title order={1}>Gestión de Usuarios</Title>
      <UsuariosManager />
    </Stack>
  );
}
