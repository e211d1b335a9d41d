import { Button, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, Navigate } from 'react-router';
import { StatusActions, StatusPage } from '@/components/StatusPage';
import { paths } from '@/lib/paths';
import { hasRole, roleLabel, useSession, type Role } from '@/lib/session';

interface RequireRoleProps {
  /** Roles allowed in; omit (and `permiso`) to require only a logged-in user. super_admin always passes. */
  roles?: readonly Role[];
  /** A permission of the user's role instead, 'module.action' (e.g. 'caja.abrir'). */
  permiso?: string;
  children: ReactNode;
}

/** Route guard: anonymous users go to /admin/login; others without access see 'Acceso Denegado'. */
export function RequireRole({ roles, permiso, children }: RequireRoleProps) {
  const { usuario, roleName, can } = useSession();
  if (!usuario) return <Navigate to={paths.login} replace />;
  const current = roleName ?? '';
  if (roles && !hasRole(usuario, roles)) {
    return (
      <AccessDenied current={current}>
        {roles.length === 1 ? 'Rol requerido' : 'Roles requeridos'}: {roles.map(roleLabel).join(', ')}
      </AccessDenied>
    );
  }
  if (permiso && current !== 'super_admin' && !can(...splitPermiso(permiso))) {
    return <AccessDenied current={current}>Permiso requerido: {permiso}</AccessDenied>;
  }
  return children;
}

/** 'caja.abrir' as [module, action]. */
function splitPermiso(permiso: string): [string, string] {
  const dot = permiso.indexOf('.');
  return [permiso.slice(0, dot), permiso.slice(dot + 1)];
}

function AccessDenied({ current, children }: { current: string; children: ReactNode }) {
  return (
    <StatusPage icon={IconLock} color="red" title="Acceso Denegado" message="No tienes permisos para acceder a esta página.">
      <Text>{children}</Text>
      <Text>Tu rol: {roleLabel(current)}</Text>
      <StatusActions>
        <Button component={Link} to={paths.dashboardAlias}>Ir al Dashboard</Button>
      </StatusActions>
    </StatusPage>
  );
}
