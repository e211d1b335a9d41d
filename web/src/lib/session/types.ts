import type { LoginRespuesta } from '@/api/auth';

export type { Credentials, Permisos, Usuario } from '@/api/auth';

/** Staff role keys as the server names them. */
export type Role = 'super_admin' | 'admin' | 'supervisor' | 'vendedor' | 'lancha' | 'pasajero';

/** What the browser keeps between visits: the login answer. */
export type StoredSession = LoginRespuesta;
