export { useModuloActivo, useSession } from './useSession';
export { SessionContext, type SessionValue } from './context';
export { roleName, roleLabel, isAdmin, isVendedor, hasRole, can, isCustomRole, mayEnter, moduloActivo, splitPermiso, tienePermiso, PERMISO_VALIDAR } from './roles';
export { TOKEN_KEY, USUARIO_KEY, BLOQUEO_KEY, clearSession, readSession, readToken, writeSession } from './storage';
export { isTokenExpired } from './token';
export type { CodigoModulo, Role, Permisos, Usuario, StoredSession, Credentials } from './types';
export { clearSesionCliente, readSesionCliente, writeSesionCliente, type SesionClienteGuardada } from './cliente';
