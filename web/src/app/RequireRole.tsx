import { Button, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, Navigate } from 'react-router';
import { StatusActions, StatusPage } from '../components/StatusPage';
import { hasRole, roleLabel, useSession, type Role } from '../lib/session';

interface RequireRoleProps {
  /** Roles allowed in; omit to require only a logged-in user. super_admin always passes. */
  roles?: readonly Role[];
  children: ReactNode;
}

/** Route guard: anonymous users go to /admin/login; other roles see 'Acceso Denegado'. */
export function RequireRole({ roles, children }: RequireRoleProps) {
  const { usuario, roleName } = useSession();
  if (!usuario) return <Navigate to="/admin/login" replace />;
  if (roles && !hasRole(usuario, roles)) return <AccessDenied roles={roles} current={roleName ?? ''} />;
  return children;
}

function AccessDenied({ roles, current }: { roles: readonly Role[]; current: string }) {
  return (
    <StatusPage icon={IconLock} color="red" title="Acceso Denegado" message="No tienes permisos para acceder a esta página.">
      <Text>
        {roles.length === 1 ? 'Rol requerido' : 'Roles requeridos'}: {roles.map(roleLabel).join(', ')}
      </Text>
      <Text>Tu rol: {roleLabel(current)}</Text>
      <StatusActions>
        <Button component={Link} to="/dashboard">Ir al Dashboard</Button>
      </StatusActions>
    </StatusPage>
  );
}
