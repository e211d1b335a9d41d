import { writeSession, type Role, type Usuario } from '@/lib/session';

/** The company every fixture user belongs to. */
export const EMPRESA = {
  id: 1,
  nombre: 'Lanchas del Delta',
  logo_url: null,
  ruc: '30-71234567-8',
  telefono: '+54 11 4731-0000',
  email: 'info@lanchasdeldelta.test',
  direccion: 'Estación Fluvial, Tigre',
  color_primario: '#3B82F6',
};

function base64Url(value: object): string {
  const utf8 = String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value)));
  return btoa(utf8).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A JWT-shaped token whose payload has `exp` (seconds; default one hour from now). */
export function makeToken(exp = Math.floor(Date.now() / 1000) + 3600, payload: object = {}): string {
  return `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url({ userId: 1, exp, ...payload })}.firma`;
}

/** A staff user of the given role. */
export function makeUsuario(rol: string, overrides: Partial<Usuario> = {}): Usuario {
  return {
    id: 7,
    nombre_usuario: rol,
    nombre: 'Ana',
    apellido: 'Pérez',
    email: `${rol}@lanchasdeldelta.test`,
    rol,
    rolInfo: { nombre: rol, permisos: { pasajes: { ver: true, crear: true, cancelar: false } } },
    empresa: { id: EMPRESA.id, nombre: EMPRESA.nombre, logo_url: null },
    ...overrides,
  };
}

/** Stores a session as a real login would, before rendering. */
export function signIn(rol: Role | string, overrides: Partial<Usuario> = {}): Usuario {
  const usuario = makeUsuario(rol, overrides);
  writeSession({ token: makeToken(), usuario });
  return usuario;
}
