import { Stack, Text, Title } from '@mantine/core';

/** Role management (super_admin). The screen itself arrives with the role-management issue. */
export function GestionRolesPage() {
  return (
    <Stack>
      <Title order={1}>Gestión de Roles</Title>
      <Text>Esta pantalla estará disponible con el módulo de gestión de roles y permisos.</Text>
    </Stack>
  );
}
