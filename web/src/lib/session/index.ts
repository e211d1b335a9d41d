export { SessionProvider } from './SessionProvider';
export { useSession } from './useSession';
export type { SessionValue } from './context';
export { ROLE_LABELS, roleName, roleLabel, isAdmin, isVendedor, hasRole, can, isCustomRole, mayEnter, moduloActivo, splitPermiso, tienePermiso, PERMISO_VALIDAR } from './roles';
export { TOKEN_KEY, USUARIO_KEY, readSession, writeSession } from './storage';
export type { CodigoModulo, Role, Permisos, Usuario, EmpresaResumen, StoredSession, Credentials } from './types';
