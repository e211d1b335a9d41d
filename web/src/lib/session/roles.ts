import type { CodigoModulo, Role, Usuario } from './types';

/** Spanish display names of the roles. */
const ROLE_LABELS: Record<Role, string> = {
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

/** The permission of boarding validation: the validator screens and the server's validation routes require it. */
export const PERMISO_VALIDAR = 'validacion.embarque';

/** True when the user's role holds `permiso` ('module.action', e.g. 'caja.abrir'); super_admin holds every one. */
export function tienePermiso(usuario: Usuario | null, permiso: string): boolean {
  return roleName(usuario) === 'super_admin' || can(usuario, ...splitPermiso(permiso));
}

/** True for a role the installation defined in role management, not one of the six built-in roles. */
export function isCustomRole(role: string | null): boolean {
  return role !== null && !Object.hasOwn(ROLE_LABELS, role);
}

/** 'caja.abrir' as [module, action]. */
export function splitPermiso(permiso: string): [string, string] {
  const dot = permiso.indexOf('.');
  return [permiso.slice(0, dot), permiso.slice(dot + 1)];
}

/**
 * Whether a user may enter what needs `roles` and/or `permiso`. super_admin passes.
 * With roles: a built-in role passes by name; a custom role passes by `permiso`, if
 * given (its matrix decides, as on the server). With a permission alone: the
 * permission decides. With neither: any user.
 */
export function mayEnter(usuario: Usuario | null, roles?: readonly Role[], permiso?: string): boolean {
  const role = roleName(usuario);
  if (!usuario || role === 'super_admin') return usuario !== null;
  const byPermiso = permiso !== undefined && can(usuario, ...splitPermiso(permiso));
  if (roles) return roles.includes(role as Role) || (isCustomRole(role) && byPermiso);
  return permiso === undefined || byPermiso;
}

/** Whether the user's company has the module effective (the session lists them; an old session without the list: yes). */
export function moduloActivo(usuario: Usuario | null, modulo: CodigoModulo): boolean {
  return usuario?.modulos?.includes(modulo) ?? true;
}
