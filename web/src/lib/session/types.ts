import type { LoginRespuesta } from '@/api/auth';

export type { CodigoModulo, Credentials, Permisos, Usuario } from '@/api/auth';

/** Staff role keys as the server names them. */
export type { RolIntegrado as Role } from '@/api/auth';

/** What the browser keeps between visits: the login answer. */
export type StoredSession = LoginRespuesta;
