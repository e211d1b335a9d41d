import type { Pasaje } from '@/api/pasajes';
import { writeSession, type CodigoModulo, type Permisos, type Role, type Usuario } from '@/lib/session';

/** The company every fixture user belongs to. */
export const EMPRESA = {
  id: 1,
  nombre: 'Lanchas del Delta',
  logo_url: '',
  ruc: '30-71234567-8',
  telefono: '+54 11 4731-0000',
  email: 'info@lanchasdeldelta.test',
  direccion: 'Estación Fluvial, Tigre',
  color_primario: '#3B82F6',
  color_secundario: '#10B981',
  tipo: 'operativa' as const,
  timezone: 'America/Argentina/Buenos_Aires',
  activa: true,
  datos_contacto: { gerente: 'Ana Paz', whatsapp: '', horario_atencion: '', sitio_web: '' },
  dias_venta_anticipada: 365,
  venta_confirmar_mas_de_pasajes: 10,
  venta_confirmar_monto_mayor_a: 100000,
  dias_retencion_pasajeros: 365,
  prefijo_pasaje: 'LD',
};

function base64Url(value: object): string {
  const utf8 = String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value)));
  return btoa(utf8).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A JWT-shaped token whose payload has `exp` (seconds; default one hour from now). */
export function makeToken(exp = Math.floor(Date.now() / 1000) + 3600, payload: object = {}): string {
  return `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url({ userId: 1, exp, ...payload })}.firma`;
}

/** The built-in roles that validate boarding hold validacion.embarque, as on the server. */
function permisosDeValidacion(rol: string): Permisos {
  return ['lancha', 'supervisor', 'admin'].includes(rol) ? { validacion: { embarque: true } } : {};
}

/** Every module code of the server: the fixture company has them all. */
export const MODULOS: CodigoModulo[] = ['core', 'venta_pasajes', 'caja', 'embarque', 'reportes', 'clientes', 'whatsapp', 'email',
  'notificaciones', 'puntos', 'portal_clientes', 'facturacion'];

/** A staff user of the given role. */
export function makeUsuario(rol: string, overrides: Partial<Usuario> = {}): Usuario {
  return {
    id: 7,
    nombre_usuario: rol,
    nombre: 'Ana',
    apellido: 'Pérez',
    email: `${rol}@lanchasdeldelta.test`,
    rol,
    rolInfo: { nombre: rol, permisos: { pasajes: { ver: true, crear: true, cancelar: false }, ...permisosDeValidacion(rol) } },
    empresa: { id: EMPRESA.id, nombre: EMPRESA.nombre, logo_url: '' },
    modulos: MODULOS,
    avisos_modulos: [],
    debe_cambiar_clave: false,
    estado_clave: 'vigente',
    ...overrides,
  };
}

/** Stores a session as a real login would, before rendering. */
export function signIn(rol: Role | string, overrides: Partial<Usuario> = {}): Usuario {
  const usuario = makeUsuario(rol, overrides);
  writeSession({ token: makeToken(), usuario });
  return usuario;
}

/** A sold, active ticket of the fixture company; overrides change any field. */
export function makePasaje(overrides: Partial<Pasaje> = {}): Pasaje {
  const p: Pasaje = {
    id: 41,
    numero_pasaje: 'LD-20261122-000041',
    codigo_qr: 'MUELLE1.payload.firma',
    pasajero: null,
    salida: null,
    fecha_viaje: '2026-11-22',
    fecha_embarque: null,
    precio: 4500,
    precio_total: 4500,
    cantidad_pasajeros: 1,
    estado: 'activo',
    cliente_nombre: 'Juana Gómez',
    cliente_telefono: '',
    cliente_email: '',
    cliente_documento: '',
    cliente_id: null,
    cliente: { nombre: 'Juana Gómez', telefono: '' },
    seccion_id: 1,
    seccion_nombre: 'Tigre – Tres Bocas',
    seccion: { nombre: 'Tigre – Tres Bocas' },
    tipo_viaje_id: 1,
    tipo_viaje_nombre: 'General',
    tipoViaje: { nombre: 'General' },
    medio_pago_id: 1,
    medio_pago_nombre: 'Efectivo',
    medio_pago_efectivo: true,
    observaciones: '',
    usuario_nombre: 'Ana Pérez',
    usuario: { nombre_usuario: 'vendedor' },
    created_at: '2026-11-22T12:00:00Z',
    ida_y_vuelta: false,
    vuelta_hasta: null,
    fecha_embarque_vuelta: null,
  };
  return { ...p, ...overrides };
}
