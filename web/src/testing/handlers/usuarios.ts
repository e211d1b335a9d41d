import { http } from 'msw';
import { fail, ok, okWithMessage } from '@/testing/http';
import { makeToken } from '@/testing/fixtures';
import { server } from '@/testing/server';
import type { RolesInfo, UsuarioGestion, ValidacionPassword } from '@/api/usuarios';

/** The fresh token the mocked password change answers. */
export const TOKEN_CLAVE_CAMBIADA = makeToken(Math.floor(Date.now() / 1000) + 8 * 3600, { sv: 2 });

/** A user of the company as GET /config/usuarios lists it. */
function makeUsuarioGestion(id: number, nombre_usuario: string, rol: string, overrides: Partial<UsuarioGestion> = {}): UsuarioGestion {
  return {
    id, nombre_usuario, nombre: 'Ana', apellido: 'Pérez', nombre_completo: 'Ana Pérez', email: `${nombre_usuario}@muelle.test`,
    telefono: '', rol, rolInfo: { nombre: rol, nivel_jerarquico: 4, color_badge: '#10B981', icono: '👤' }, activo: true,
    debe_cambiar_clave: false, estado_clave: 'vigente', clave_temporal_hasta: null, ultimo_login: null,
    created_at: '2026-11-01T12:00:00Z', ...overrides,
  };
}

const USUARIOS_FIXTURE: UsuarioGestion[] = [
  makeUsuarioGestion(1, 'jefa', 'super_admin', {
    nombre_completo: 'Valeria Quiroga', rolInfo: { nombre: 'super_admin', nivel_jerarquico: 1, color_badge: '#9333EA', icono: '👑' },
  }),
  makeUsuarioGestion(2, 'supervisora', 'supervisor', {
    nombre_completo: 'Lucía Benítez', rolInfo: { nombre: 'supervisor', nivel_jerarquico: 3, color_badge: '#06B6D4', icono: '👔' },
  }),
  makeUsuarioGestion(3, 'diego', 'vendedor', { nombre_completo: 'Diego Sosa' }),
  makeUsuarioGestion(4, 'ramon', 'lancha', { nombre_completo: 'Ramón Acosta', activo: false, estado_clave: 'expirada' }),
];

const PERMITIDOS_ADMIN = ['supervisor', 'vendedor', 'lancha', 'pasajero'];

/** The company's roles as roles-info lists them, `otorgable` for those in permitidos. */
export function rolesDisponibles(permitidos: string[]): RolesInfo['rolesDisponibles'] {
  return ['super_admin', 'admin', 'supervisor', 'vendedor', 'lancha', 'pasajero'].map((value, i) => (
    { value, label: value, descripcion: '', nivel_jerarquico: i + 1, otorgable: permitidos.includes(value) }));
}

/** roles-info of an admin: every role below admin may be granted. */
export const ROLES_INFO_ADMIN: RolesInfo = {
  rolActual: 'admin',
  rolesDisponibles: rolesDisponibles(PERMITIDOS_ADMIN),
  rolesPermitidos: PERMITIDOS_ADMIN,
  estadisticas: [
    { rol: 'supervisor', total: 1, activos: 1, inactivos: 0 },
    { rol: 'vendedor', total: 1, activos: 1, inactivos: 0 },
    { rol: 'lancha', total: 1, activos: 0, inactivos: 1 },
  ],
  restricciones: { puede_crear: true, puede_editar: true, puede_eliminar: true, max_cambios_clave_pasajero_mes: 3, vigencia_clave_temporal_horas: 24 },
};

/** A verdict: valid when the password is long and mixed, as the server would say. */
function veredicto(password: string): ValidacionPassword {
  const valid = password.length >= 8 && /[A-Z]/.test(password) && /\d/.test(password) && /[^\w]/.test(password);
  return {
    valid, strength: valid ? 'strong' : 'weak', score: valid ? 85 : 30,
    checks: { length: password.length >= 8, uppercase: true, lowercase: true, numbers: true, special: valid, no_personal: true, no_consecutive: true, no_common: true },
    errors: valid ? [] : ['La contraseña debe incluir al menos un símbolo especial'],
    suggestions: [], strengthMessage: { text: valid ? 'Fuerte' : 'Débil' },
  };
}

interface Calls {
  writes: { method: string; path: string; body: unknown; key: string | null }[];
  validaciones: string[];
}

/** The users API of an admin; returns what was written and validated. */
export function mockUsuarios(info: RolesInfo = ROLES_INFO_ADMIN): Calls {
  const calls: Calls = { writes: [], validaciones: [] };
  const write = async (method: string, request: Request) => {
    calls.writes.push({ method, path: new URL(request.url).pathname, body: await request.json().catch(() => null),
      key: request.headers.get('Idempotency-Key') });
  };
  server.use(
    http.get('/api/config/usuarios', () => ok(USUARIOS_FIXTURE)),
    http.get('/api/config/usuarios/roles-info', () => ok(info)),
    http.post('/api/config/usuarios', async ({ request }) => {
      await write('POST', request);
      const body = calls.writes.at(-1)?.body as { nombre_usuario: string };
      return okWithMessage({
        usuario: makeUsuarioGestion(9, body.nombre_usuario, 'vendedor'),
        credenciales_temporales: { usuario: body.nombre_usuario, password_temporal: 'Garza47!Remo', valida_hasta: '2026-11-21T12:00:00Z' },
      }, 'Usuario creado exitosamente', { status: 201 });
    }),
    http.put('/api/config/usuarios/:id', async ({ request }) => {
      await write('PUT', request);
      return okWithMessage(USUARIOS_FIXTURE[2], 'Usuario actualizado exitosamente');
    }),
    http.delete('/api/config/usuarios/:id', async ({ request }) => {
      await write('DELETE', request);
      return okWithMessage({ desactivado: true }, 'El usuario tiene historial o es pasajero: se desactivó en lugar de eliminarse');
    }),
    http.get('/api/config/generar-passwords', () => ok({ passwords: ['Garza47!Remo', 'Junco58?Proa', 'Ceibo62#Boya'] })),
    http.post('/api/config/validar-password', async ({ request }) => {
      const { password } = (await request.json()) as { password: string };
      calls.validaciones.push(password);
      return ok(veredicto(password));
    }),
    http.post('/api/usuarios/validar-contrasena', async ({ request }) => {
      const { password } = (await request.json()) as { password: string };
      calls.validaciones.push(password);
      return ok(veredicto(password));
    }),
    http.put('/api/usuarios/cambiar-contrasena', async ({ request }) => {
      await write('PUT', request);
      return okWithMessage({ token: TOKEN_CLAVE_CAMBIADA }, 'Contraseña cambiada exitosamente');
    }),
  );
  return calls;
}

/** The next password change fails with the server's message. */
export function failCambioContrasena(status: number, message: string) {
  server.use(http.put('/api/usuarios/cambiar-contrasena', () => fail(status, message), { once: true }));
}
