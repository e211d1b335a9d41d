import { Button, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, Navigate } from 'react-router';
import { StatusActions, StatusPage } from '@/components/StatusPage';
import { paths } from '@/lib/paths';
import { mayEnter, moduloActivo, readSesionCliente, roleLabel, useSession, type CodigoModulo, type Role } from '@/lib/session';

interface RequireRoleProps {
  /** Roles allowed in; omit (and `permiso`) to require only a logged-in user. super_admin always passes. */
  roles?: readonly Role[];
  /**
   * A permission of the user's role, 'module.action' (e.g. 'caja.abrir'): alone, it decides;
   * with `roles`, it lets in a custom role whose matrix grants it.
   */
  permiso?: string;
  /** The module the screen belongs to: a company without it effective is refused. */
  modulo?: CodigoModulo;
  /** Where a user without the role or permission goes instead of 'Acceso Denegado'. */
  sinAcceso?: string;
  children: ReactNode;
}

/** Route guard: anonymous users go to /admin/login; others without access see 'Acceso Denegado'. */
export function RequireRole({ roles, permiso, modulo, sinAcceso, children }: RequireRoleProps) {
  const { usuario, roleName } = useSession();
  // a customer's session without a staff one goes to its own dashboard (operaciones §5)
  if (!usuario) return <Navigate to={readSesionCliente() ? paths.clienteDashboard : paths.login} replace />;
  // A temporary password must be changed before any other screen (backoffice §4).
  if (usuario.debe_cambiar_clave) return <Navigate to={paths.cambiarContrasena} replace />;
  const current = roleName ?? '';
  if (modulo && !moduloActivo(usuario, modulo)) {
    return <AccessDenied current={current}>El módulo de esta pantalla no está habilitado para su empresa</AccessDenied>;
  }
  if (mayEnter(usuario, roles, permiso)) return children;
  if (sinAcceso) return <Navigate to={sinAcceso} replace />;
  if (roles) {
    return (
      <AccessDenied current={current}>
        {roles.length === 1 ? 'Rol requerido' : 'Roles requeridos'}: {roles.map(roleLabel).join(', ')}
      </AccessDenied>
    );
  }
  return <AccessDenied current={current}>Permiso requerido: {permiso}</AccessDenied>;
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
