import { describe, expect, it } from 'vitest';
import { makeToken, makeUsuario } from '@/testing/fixtures';
import { can, hasRole, isAdmin, isVendedor, roleLabel, roleName } from './roles';
import { decodeTokenPayload, isTokenExpired } from './token';

describe('roles', () => {
  it('takes the role name from rolInfo.nombre, else rol', () => {
    expect(roleName(makeUsuario('admin', { rolInfo: { nombre: 'supervisor', permisos: {} } }))).toBe('supervisor');
    expect(roleName(makeUsuario('lancha', { rolInfo: undefined }))).toBe('lancha');
    expect(roleName(null)).toBeNull();
  });

  it.each([
    ['super_admin', true, true],
    ['admin', true, true],
    ['supervisor', false, true],
    ['vendedor', false, true],
    ['lancha', false, false],
  ])('%s: isAdmin %s, isVendedor %s', (rol, admin, vendedor) => {
    const usuario = makeUsuario(rol);
    expect(isAdmin(usuario)).toBe(admin);
    expect(isVendedor(usuario)).toBe(vendedor);
  });

  it('lets super_admin pass every role check', () => {
    expect(hasRole(makeUsuario('super_admin'), ['lancha'])).toBe(true);
    expect(hasRole(makeUsuario('vendedor'), ['admin', 'supervisor'])).toBe(false);
    expect(hasRole(makeUsuario('supervisor'), ['admin', 'supervisor'])).toBe(true);
  });

  it('grants a permission only when it is exactly true', () => {
    const usuario = makeUsuario('vendedor', {
      rolInfo: { nombre: 'vendedor', permisos: { pasajes: { crear: true, cancelar: 'true', ver: 1 }, dashboard: { tipo: 'vendedor' } } },
    });
    expect(can(usuario, 'pasajes', 'crear')).toBe(true);
    expect(can(usuario, 'pasajes', 'cancelar')).toBe(false);
    expect(can(usuario, 'pasajes', 'ver')).toBe(false);
    expect(can(usuario, 'caja', 'abrir')).toBe(false);
    expect(can(null, 'pasajes', 'crear')).toBe(false);
  });

  it('labels roles in Spanish and leaves unknown ones as they are', () => {
    expect(roleLabel('lancha')).toBe('Personal de Embarque');
    expect(roleLabel('constructor')).toBe('constructor');
  });
});

describe('token', () => {
  it('reads the payload, including non-ASCII text', () => {
    const payload = decodeTokenPayload(makeToken(2_000_000_000, { nombreUsuario: 'Año Ñandú' }));
    expect(payload).toMatchObject({ exp: 2_000_000_000, nombreUsuario: 'Año Ñandú' });
  });

  it('is expired once exp (seconds) is reached', () => {
    const token = makeToken(1_000);
    expect(isTokenExpired(token, 999_999)).toBe(false);
    expect(isTokenExpired(token, 1_000_000)).toBe(true);
  });

  it('treats unreadable tokens as expired', () => {
    expect(isTokenExpired('no-es-un-jwt')).toBe(true);
    expect(isTokenExpired('a.b.c')).toBe(true);
  });
});
