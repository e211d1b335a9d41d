/** Staff role keys as the server names them. */
export type Role = 'super_admin' | 'admin' | 'supervisor' | 'vendedor' | 'lancha' | 'pasajero';

/** Permissions per module and action; only the boolean `true` grants an action. */
export type Permisos = Record<string, Record<string, unknown> | undefined>;

/** The company summary carried by the session user. */
export interface EmpresaResumen {
  id: number;
  nombre: string;
  logo_url: string | null;
}

/** The authenticated staff user, as returned by /auth/login and /auth/me. */
export interface Usuario {
  id: number;
  nombre_usuario: string;
  nombre: string;
  apellido: string;
  email: string;
  rol: string;
  rolInfo?: { nombre: string; permisos: Permisos } | null;
  empresa: EmpresaResumen | null;
}

/** What the browser keeps between visits. */
export interface StoredSession {
  token: string;
  usuario: Usuario;
}

/** Body of POST /auth/login. */
export interface Credentials {
  nombre_usuario: string;
  password: string;
}
