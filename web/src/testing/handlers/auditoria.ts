import { http } from 'msw';
import type { EstadisticasAuditoria, RegistroAuditoria, UsuarioDeFiltro } from '@/api/auditoria';
import { ok } from '@/testing/http';

/** An audit entry of the vendedor of Lanchas del Delta. */
export function makeRegistro(id: number, overrides: Partial<RegistroAuditoria> = {}): RegistroAuditoria {
  return {
    id, usuario_id: 7, empresa_id: 1, usuario: { nombre_usuario: 'vendedor', nombre: 'Ana', apellido: 'Paz' },
    empresa_nombre: 'Lanchas del Delta', accion: 'LOGIN', detalles: 'Inicio de sesión', ip_address: '10.0.0.8', exito: true,
    created_at: '2026-11-20T13:00:00Z', ...overrides,
  };
}

const ESTADISTICAS: EstadisticasAuditoria = {
  dias: 7, desde: '2026-11-13T13:00:00Z', total_eventos: 128, logins: 40, ventas_pasajes: 75, usuarios_distintos: 6,
  tipos_eventos: [{ accion: 'VENTA_PASAJE', total: 75 }, { accion: 'LOGIN', total: 40 }],
  usuarios_mas_activos: [{ usuario_id: 7, nombre_usuario: 'vendedor', nombre: 'Ana', apellido: 'Paz', total: 60 }],
  acciones: ['APERTURA_CAJA', 'LOGIN', 'VENTA_PASAJE'],
  empresas: [{ id: 1, nombre: 'Lanchas del Delta' }, { id: 2, nombre: 'Interisleña' }],
};

/**
 * GET /config/auditoria/logs over `registros`, filtered by accion and usuario_id and paged as the
 * server does; `consultas` keeps each query string. Also the statistics and the user search.
 */
export function auditoria(registros: RegistroAuditoria[], usuarios: UsuarioDeFiltro[] = []) {
  const consultas: URLSearchParams[] = [];
  return {
    consultas,
    handlers: [
      http.get('/api/config/auditoria/logs', ({ request }) => {
        const q = new URL(request.url).searchParams;
        consultas.push(q);
        const filtrados = registros.filter((r) =>
          (!q.get('accion') || r.accion === q.get('accion')) && (!q.get('usuario_id') || String(r.usuario_id) === q.get('usuario_id')));
        const limite = Number(q.get('limite') ?? 50);
        const pagina = Number(q.get('pagina') ?? 1);
        return ok({
          logs: filtrados.slice((pagina - 1) * limite, pagina * limite),
          paginacion: {
            pagina_actual: pagina, total_paginas: Math.max(1, Math.ceil(filtrados.length / limite)),
            total_registros: filtrados.length, total_exacto: true, limite,
          },
        });
      }),
      http.get('/api/config/auditoria/estadisticas', () => ok(ESTADISTICAS)),
      http.get('/api/config/auditoria/usuarios', () => ok(usuarios)),
    ],
  };
}
