import { http } from 'msw';
import type { EmpresaListada, UsuarioDeEmpresa } from '@/api/empresas';
import { EMPRESA } from '@/testing/fixtures';
import { ok } from '@/testing/http';
import { server } from '@/testing/server';

/** Two companies of the super administrator's list. */
export const EMPRESAS: EmpresaListada[] = [
  { ...EMPRESA, usuarios_count: 5, created_at: '2026-01-10T12:00:00Z' },
  { ...EMPRESA, id: 2, nombre: 'Interisleña Demo', ruc: '30-70987654-3', prefijo_pasaje: 'ID', usuarios_count: 3, activa: false, created_at: '2026-02-01T12:00:00Z' },
];

/** Company 2's users: one logged in, one never. */
const USUARIOS_EMPRESA_2: UsuarioDeEmpresa[] = [
  { id: 6, nombre_usuario: 'admin2', nombre: 'Carolina', apellido: 'Méndez', rol: 'admin', color_badge: '#DC2626', icono: '', activo: true, ultimo_login: '2026-11-20T13:00:00Z' },
  { id: 7, nombre_usuario: 'vendedor2', nombre: 'Julián', apellido: 'Ortiz', rol: 'vendedor', color_badge: '#10B981', icono: '', activo: false, ultimo_login: null },
];

/** GET /config/empresas and the users of company 2. */
export function mockEmpresas() {
  server.use(
    http.get('/api/config/empresas', () => ok(EMPRESAS)),
    http.get('/api/config/empresas/2/usuarios', () => ok({ usuarios: USUARIOS_EMPRESA_2 })),
  );
}
