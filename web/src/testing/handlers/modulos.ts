import { http } from 'msw';
import { ok, okWithMessage } from '@/testing/http';
import { server } from '@/testing/server';
import type { EmpresaAdmin, Modulo, ModuloDeEmpresa } from '@/api/modulos';
import type { Write } from './config';

const EMPRESAS_ADMIN: EmpresaAdmin[] = [
  { id: 1, nombre: 'Lanchas del Delta', ruc: '30-71234567-8', tipo: 'operativa', activa: true },
  { id: 2, nombre: 'Río Bravo', ruc: '30-70000000-1', tipo: 'operativa', activa: true },
];

const modulo = (id: number, codigo: Modulo['codigo'], nombre: string, categoria: Modulo['categoria'], descripcion: string,
  estado: Partial<ModuloDeEmpresa['empresaModulos'][number]> = {}): ModuloDeEmpresa => ({
  id, codigo, nombre, categoria, descripcion,
  empresaModulos: [{ habilitado: true, configuracion: null, fecha_vencimiento: null, vencido: false, efectivo: true, ...estado }],
});

/** Core, two sales modules (caja disabled), e-mail and an expired loyalty module. */
export const MODULOS_EMPRESA: ModuloDeEmpresa[] = [
  modulo(1, 'core', 'Núcleo del sistema', 'core', 'Inicio de sesión y configuración'),
  modulo(2, 'venta_pasajes', 'Venta de Pasajes', 'ventas', 'Venta en mostrador'),
  modulo(3, 'caja', 'Caja', 'ventas', 'Apertura y cierre de caja', { habilitado: false, efectivo: false }),
  modulo(8, 'email', 'Email', 'comunicacion', 'Envío de pasajes por correo electrónico'),
  modulo(10, 'puntos', 'Puntos y Beneficios', 'avanzado', 'Programa de fidelización',
    { fecha_vencimiento: '2026-01-31', vencido: true, efectivo: false }),
];

/** Serves module management and records the writes. */
export function mockModulos(writes: Write[] = []) {
  server.use(
    http.get('/api/admin/empresas', () => ok(EMPRESAS_ADMIN)),
    http.get('/api/admin/empresas/:id/modulos', () => ok(MODULOS_EMPRESA)),
    http.put('/api/admin/empresas/:id/modulos/:moduloId', async ({ request, params }) => {
      const body = (await request.json()) as { habilitado: boolean };
      writes.push({ method: 'PUT', path: new URL(request.url).pathname, body });
      const m = MODULOS_EMPRESA.find((x) => x.id === Number(params.moduloId))!;
      return okWithMessage(m, `${m.nombre} ${body.habilitado ? 'habilitado' : 'deshabilitado'} correctamente`);
    }),
  );
  return writes;
}
