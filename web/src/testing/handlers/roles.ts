import { http } from 'msw';
import { ok, okWithMessage } from '@/testing/http';
import { server } from '@/testing/server';
import type { PlantillaRol, Rol } from '@/api/roles';
import type { Write } from './config';

const CATALOGO = {
  dashboard: ['ver'],
  empresas: ['ver', 'crear', 'editar', 'eliminar'],
  usuarios: ['ver', 'crear', 'editar', 'eliminar'],
  configuracion: ['ver', 'editar', 'sistema'],
  reportes: ['ver', 'exportar', 'avanzados'],
  pasajes: ['ver', 'crear', 'editar', 'anular', 'imprimir'],
  caja: ['ver', 'abrir', 'cerrar', 'movimientos'],
  validacion: ['embarque', 'desembarque'],
  whatsapp: ['configurar', 'enviar', 'ver_estado'],
  email: ['configurar', 'enviar'],
  impresion: ['configurar', 'ticket_80mm', 'ticket_a4', 'batch'],
  clientes: ['ver'],
};

/** GET /config/roles/plantilla as the server answers it (backoffice §6 default new role, at the seller's level). */
const PLANTILLA: PlantillaRol = {
  rol_nuevo: {
    id: 0, nombre: '', descripcion: '', nivel_jerarquico: 4, color_badge: '#10B981', icono: '👤', activo: true,
    integrado: false, usuarios: 0,
    permisos: {
      dashboard: { ver: true, tipo: 'vendedor' },
      pasajes: { ver: true, crear: true, imprimir: true },
      caja: { ver: true, abrir: true, cerrar: true, movimientos: true },
      impresion: { ticket_80mm: true },
      clientes: { ver: true },
    },
  },
  colores: ['#9333EA', '#3B82F6', '#06B6D4', '#10B981', '#F59E0B', '#6B7280', '#EF4444'],
  iconos: ['👑', '🛡️', '👔', '👤', '⚓', '🧳', '💼', '🎫', '🔧'],
  catalogo: CATALOGO,
  niveles: [1, 2, 3, 4, 5, 6].map((nivel, i) => ({ nivel, nombre: ['Super Admin', 'Admin', 'Supervisor', 'Vendedor', 'Lancha', 'Pasajero'][i] })),
};

const rol = (id: number, nombre: string, extra: Partial<Rol> = {}): Rol => ({
  id, nombre, descripcion: '', nivel_jerarquico: 4, color_badge: '#10B981', icono: '👤', activo: true,
  integrado: true, usuarios: 1, permisos: { dashboard: { ver: true, tipo: nombre } }, ...extra,
});

/** Two built-in roles and a custom one held by two users. */
const ROLES: Rol[] = [
  rol(1, 'super_admin', { nivel_jerarquico: 1, color_badge: '#9333EA', icono: '👑' }),
  rol(4, 'vendedor'),
  rol(7, 'cajero', { integrado: false, usuarios: 2, icono: '💼', permisos: { caja: { ver: true } } }),
];

/** Serves role management from `roles` and records the writes. */
export function mockRoles(roles: Rol[] = ROLES, writes: Write[] = []) {
  const record = async (request: Request) => {
    const body: unknown = request.method === 'DELETE' ? undefined : await request.json();
    const url = new URL(request.url);
    writes.push({ method: request.method, path: url.pathname + url.search, body });
    return body as Partial<Rol>;
  };
  server.use(
    http.get('/api/config/roles', () => ok(roles)),
    http.get('/api/config/roles/plantilla', () => ok(PLANTILLA)),
    http.post('/api/config/roles', async ({ request }) =>
      okWithMessage({ ...PLANTILLA.rol_nuevo, id: 99, ...(await record(request)) }, 'Rol creado exitosamente', { status: 201 })),
    http.put('/api/config/roles/:id', async ({ request, params }) =>
      okWithMessage({ ...roles[0], id: Number(params.id), ...(await record(request)) }, 'Rol actualizado exitosamente')),
    http.delete('/api/config/roles/:id', async ({ request }) => {
      await record(request);
      return okWithMessage({ usuarios_movidos: 2 }, 'Rol eliminado exitosamente');
    }),
  );
  return writes;
}
