import type { Role, Usuario } from './types';

/** Spanish display names of the roles. */
export const ROLE_LABELS: Record<Role, string> = {
  super_admin: 'Super Administrador',
  admin: 'Administrador',
  supervisor: 'Supervisor',
  vendedor: 'Vendedor',
  lancha: 'Personal de Embarque',
  pasajero: 'Pasajero',
};

/** The role name: rolInfo.nombre, falling back to rol. */
export function roleName(usuario: Usuario | null): string | null {
  if (!usuario) return null;
  return usuario.rolInfo?.nombre || usuario.rol || null;
}

/** The Spanish label of a role, or the role itself when it is unknown. */
export function roleLabel(role: string): string {
  return Object.hasOwn(ROLE_LABELS, role) ? ROLE_LABELS[role as Role] : role;
}

/** True for admin and super_admin. */
export function isAdmin(usuario: Usuario | null): boolean {
  const role = roleName(usuario);
  return role === 'admin' || role === 'super_admin';
}

/** True for vendedor, supervisor and the administrators. */
export function isVendedor(usuario: Usuario | null): boolean {
  const role = roleName(usuario);
  return role === 'vendedor' || role === 'supervisor' || isAdmin(usuario);
}

/** Route check: super_admin passes every check; others need a listed role. */
export function hasRole(usuario: Usuario | null, roles: readonly Role[]): boolean {
  const role = roleName(usuario);
  return role === 'super_admin' || roles.includes(role as Role);
}

/** True only when rolInfo.permisos[module][action] is exactly true. */
export function can(usuario: Usuario | null, module: string, action: string): boolean {
  return usuario?.rolInfo?.permisos[module]?.[action] === true;
}
