import { describe, expect, it } from 'vitest';
import { menuFor } from './menu';

describe('menuFor', () => {
  it('gives super_admin the dashboard and role management', () => {
    expect(menuFor('super_admin').map((g) => [g.group, g.entries.map((e) => e.label)])).toEqual([
      ['General', ['Dashboard']],
      ['Sistema', ['Gestión de Roles']],
    ]);
  });

  it('does not list super_admin entries for other roles', () => {
    for (const role of ['admin', 'supervisor', 'vendedor', 'lancha']) {
      expect(menuFor(role).flatMap((g) => g.entries.map((e) => e.path))).not.toContain('/admin/gestion-roles');
    }
  });

  it('gives admin the Configuración group and nobody else', () => {
    const configuracion = (role: string) => menuFor(role).find((g) => g.group === 'Configuración')?.entries.map((e) => e.label);
    expect(configuracion('admin')).toEqual(['Configuración', 'Secciones', 'Tipos de viaje', 'Medios de pago', 'Tarifas']);
    for (const role of ['supervisor', 'vendedor', 'lancha']) expect(configuracion(role)).toBeUndefined();
  });

  it('gives the boat crew and admin the Embarque group, the supervisor only the validator', () => {
    const embarque = (role: string) => menuFor(role).find((g) => g.group === 'Embarque')?.entries.map((e) => [e.label, e.path]);
    const todo = [
      ['Validar Pasajes', '/admin/validador'],
      ['Pasajeros Embarcados', '/admin/lista-pasajeros'],
      ['Estado de Viajes', '/admin/estado-viajes'],
      ['Rutas Activas', '/admin/rutas'],
    ];
    expect(embarque('lancha')).toEqual(todo);
    expect(embarque('admin')).toEqual(todo);
    expect(embarque('supervisor')).toEqual([['Validador', '/admin/validador']]);
    expect(embarque('vendedor')).toBeUndefined();
  });

  it('gives sellers, supervisors and admins Vender Pasajes, Mi Caja and Mis Ventas; the ticket list to supervisors and admins', () => {
    const ventas = (role: string) => menuFor(role).find((g) => g.group === 'Ventas')?.entries.map((e) => [e.label, e.path]);
    const propias = [['Vender Pasajes', '/admin/venta-pasajes'], ['Mi Caja', '/admin/gestion-caja'], ['Mis Ventas', '/admin/mis-ventas']];
    expect(ventas('vendedor')).toEqual(propias);
    for (const role of ['supervisor', 'admin']) {
      expect(ventas(role)).toEqual([...propias, ['Listado de Pasajes', '/admin/listado-pasajes']]);
    }
    for (const role of ['lancha', 'super_admin']) expect(ventas(role)).toBeUndefined();
  });

  it('is empty without a role', () => {
    expect(menuFor(null)).toEqual([]);
  });
});
