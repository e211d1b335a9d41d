import { Stack, Text } from '@mantine/core';
import { roleLabel, useSession } from '@/lib/session';

/** The logged-in user's name and role. */
export function UserSummary() {
  const { usuario, roleName } = useSession();
  if (!usuario) return null;
  return (
    <Stack gap={0}>
      <Text fw={600} size="sm">{usuario.nombre} {usuario.apellido}</Text>
      <Text c="dimmed" size="xs">{roleLabel(roleName ?? '')}</Text>
    </Stack>
  );
}
