import { describe, expect, it } from 'vitest';
import { makeUsuario } from '@/testing/fixtures';
import { menuFor } from './menu';

describe('menuFor', () => {
  it('gives super_admin the dashboard, the system screens and the audit', () => {
    expect(menuFor('super_admin').map((g) => [g.group, g.entries.map((e) => e.label)])).toEqual([
      ['General', ['Dashboard', 'Notificaciones']],
      ['Sistema', ['Gestión de Usuarios', 'Gestión de Roles', 'Gestión de Módulos', 'Configuración del Sistema', 'Estado de Servicios', 'Gestión de Empresas', 'Configuraciones por Empresa', 'Usuarios por Empresa', 'WhatsApp Global']],
      ['Reportes', ['Reportes Generales', 'Reportes Multiempresa']],
      ['Auditoría', ['Reportes de Auditoría', 'Logs del Sistema', 'Logs de Usuarios']],
    ]);
  });

  it('gives a custom role the entries its permissions grant, and no others', () => {
    const cajero = makeUsuario('cajero', {
      rolInfo: { nombre: 'cajero', permisos: { dashboard: { ver: true, tipo: 'vendedor' }, pasajes: { crear: true }, caja: { ver: true } } },
    });
    const labels = menuFor('cajero', cajero).flatMap((g) => g.entries.map((e) => e.label));
    expect(labels).toEqual(['Dashboard', 'Notificaciones', 'Venta Rápida de Pasajes', 'Gestión de Caja']);
  });

  it("offers a custom role 'Notificaciones' always and 'Clientes' with clientes.ver (and the module)", () => {
    const conClientes = makeUsuario('atencion', { rolInfo: { nombre: 'atencion', permisos: { clientes: { ver: true } } } });
    const labels = (usuario = conClientes) => menuFor('atencion', usuario).flatMap((g) => g.entries.map((e) => e.label));
    expect(labels()).toEqual(['Notificaciones', 'Clientes', 'Consulta de Puntos']);
    expect(labels({ ...conClientes, modulos: ['core', 'clientes'] })).toEqual(['Notificaciones', 'Clientes']);
    expect(labels(makeUsuario('atencion', { rolInfo: { nombre: 'atencion', permisos: {} } }))).toEqual(['Notificaciones']);
    expect(labels({ ...conClientes, modulos: ['core'] })).toEqual(['Notificaciones']);
  });

  it('drops the entries of a module the company lacks', () => {
    const vendedor = makeUsuario('vendedor', { modulos: ['core', 'venta_pasajes'] });
    const labels = menuFor('vendedor', vendedor).flatMap((g) => g.entries.map((e) => e.label));
    expect(labels).toContain('Venta Rápida de Pasajes');
    expect(labels).not.toContain('Gestión de Caja');
  });

  it('lists Gestión WhatsApp for admin and for a custom role with whatsapp.configurar, only with the WhatsApp module', () => {
    const gestion = (role: string, usuario = makeUsuario(role)) =>
      menuFor(role, usuario).flatMap((g) => g.entries.map((e) => e.path)).includes('/admin/whatsapp');
    expect(gestion('admin')).toBe(true);
    expect(gestion('admin', makeUsuario('admin', { modulos: ['core', 'venta_pasajes'] }))).toBe(false);
    expect(gestion('mensajeria', makeUsuario('mensajeria', { rolInfo: { nombre: 'mensajeria', permisos: { whatsapp: { configurar: true } } } }))).toBe(true);
    expect(['supervisor', 'vendedor', 'lancha'].some((role) => gestion(role))).toBe(false);
  });

  it('lists user management for admin and supervisor, not for sellers or crew', () => {
    const usuarios = (role: string) => menuFor(role).flatMap((g) => g.entries.map((e) => e.path)).includes('/admin/gestion-usuarios');
    expect(['admin', 'supervisor'].every(usuarios)).toBe(true);
    expect(['vendedor', 'lancha'].some(usuarios)).toBe(false);
  });

  it('does not list super_admin entries for other roles', () => {
    for (const role of ['admin', 'supervisor', 'vendedor', 'lancha']) {
      expect(menuFor(role).flatMap((g) => g.entries.map((e) => e.path))).not.toContain('/admin/gestion-roles');
    }
  });

  it('gives admin the Configuración group and nobody else', () => {
    const configuracion = (role: string) => menuFor(role).find((g) => g.group === 'Configuración')?.entries.map((e) => e.label);
    expect(configuracion('admin')).toEqual(['Configuración General', 'Configuración del Sistema', 'Secciones', 'Embarcaciones', 'Tipos de viaje', 'Medios de pago', 'Tarifas', 'Facturación electrónica', 'Mercado Pago', 'Dispositivos', 'Configuración de Puntos', 'Gestión de Beneficios', 'Configuración de Email', 'Gestión WhatsApp']);
    const sinPuntos = menuFor('admin', makeUsuario('admin', { modulos: ['core', 'email', 'whatsapp'] })).flatMap((g) => g.entries.map((e) => e.path));
    expect(sinPuntos).not.toContain('/admin/configuracion-puntos');
    expect(sinPuntos).not.toContain('/admin/gestion-beneficios');
    expect(sinPuntos).not.toContain('/admin/configuracion/facturacion');
    for (const role of ['supervisor', 'vendedor', 'lancha']) expect(configuracion(role)).toBeUndefined();
  });

  it('gives the boat crew and admin the Embarque group, the supervisor the validator, the timetable and the manifests', () => {
    const embarque = (role: string) => menuFor(role).find((g) => g.group === 'Embarque')?.entries.map((e) => [e.label, e.path]);
    const todo = [
      ['Validador de Embarque', '/admin/validador'],
      ['Lista de Pasajeros', '/admin/lista-pasajeros'],
      ['Estado de Viajes', '/admin/estado-viajes'],
      ['Rutas y Secciones', '/admin/rutas'],
    ];
    const horarios = ['Horarios y salidas', '/admin/horarios-salidas'];
    const manifiestos = ['Manifiestos', '/admin/manifiestos'];
    expect(embarque('lancha')).toEqual([...todo.slice(0, 3), horarios, manifiestos, todo[3]]);
    expect(embarque('admin')).toEqual([...todo.slice(0, 3), horarios, manifiestos, todo[3]]);
    expect(embarque('supervisor')).toEqual([['Validador de Embarque', '/admin/validador'], horarios, manifiestos]);
    expect(embarque('vendedor')).toBeUndefined();
  });

  it('gives sellers, supervisors and admins Venta Rápida de Pasajes, Gestión de Caja, Mis Ventas and Clientes; the ticket list and seller monitoring to supervisors and admins', () => {
    const ventas = (role: string) => menuFor(role).find((g) => g.group === 'Ventas')?.entries.map((e) => [e.label, e.path]);
    const propias = [['Venta Rápida de Pasajes', '/admin/venta-pasajes'], ['Gestión de Caja', '/admin/gestion-caja'], ['Mis Ventas', '/admin/mis-ventas']];
    const clientes = ['Clientes', '/admin/clientes'];
    const consulta = ['Consulta de Puntos', '/admin/consulta-puntos'];
    expect(ventas('vendedor')).toEqual([...propias, clientes, consulta]);
    for (const role of ['supervisor', 'admin']) {
      expect(ventas(role)).toEqual([
        ...propias, ['Listado de Pasajes', '/admin/listado-pasajes'], clientes, consulta, ['Monitoreo de Vendedores', '/admin/monitoreo-vendedores'],
        ['Conflictos offline', '/admin/conflictos'],
      ]);
    }
    for (const role of ['lancha', 'super_admin']) expect(ventas(role)).toBeUndefined();
  });

  it("lists 'Conflictos offline' for supervisors, admins and a custom role with pasajes.editar, never for sellers or crew", () => {
    const conflictos = (role: string, usuario = makeUsuario(role)) =>
      menuFor(role, usuario).flatMap((g) => g.entries.map((e) => e.path)).includes('/admin/conflictos');
    expect(conflictos('supervisor')).toBe(true);
    expect(conflictos('admin')).toBe(true);
    expect(['vendedor', 'lancha', 'super_admin'].some((role) => conflictos(role))).toBe(false);
    const custom = (permisos: Record<string, boolean>) => makeUsuario('jefe', { rolInfo: { nombre: 'jefe', permisos: { pasajes: permisos } } });
    expect(conflictos('jefe', custom({ ver: true, editar: true }))).toBe(true);
    expect(conflictos('jefe', custom({ ver: true, crear: true }))).toBe(false);
  });

  it("gives admin the Reportes group, the supervisor all but 'Reportes Avanzados', and no seller", () => {
    const reportes = (role: string) => menuFor(role).find((g) => g.group === 'Reportes')?.entries.map((e) => [e.label, e.path]);
    const simples = [['Reportes y Estadísticas', '/admin/reportes-estadisticas'], ['Reporte de Ventas', '/admin/reportes/ventas'],
      ['Reporte de Cajas', '/admin/reportes/cajas'], ['Reporte de Pasajeros', '/admin/reportes/pasajeros'],
      ['Envíos programados', '/admin/reportes/programados']];
    expect(reportes('admin')).toEqual([simples[0], ['Reportes Avanzados', '/admin/reportes-avanzados'], ...simples.slice(1)]);
    expect(reportes('supervisor')).toEqual(simples);
    for (const role of ['vendedor', 'lancha']) expect(reportes(role)).toBeUndefined();
    const reportesDe = (permisos: Record<string, boolean>) => menuFor('analista', makeUsuario('analista', {
      rolInfo: { nombre: 'analista', permisos: { reportes: permisos } } })).find((g) => g.group === 'Reportes')?.entries.map((e) => e.label);
    expect(reportesDe({ ver: true })).toEqual(['Reportes y Estadísticas', 'Reporte de Ventas', 'Reporte de Cajas', 'Reporte de Pasajeros']);
    expect(reportesDe({ ver: true, exportar: true })).toContain('Envíos programados');
  });

  it('is empty without a role', () => {
    expect(menuFor(null)).toEqual([]);
  });
});
