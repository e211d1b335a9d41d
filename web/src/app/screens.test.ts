import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths } from '@/lib/paths';
import { MENU } from './menu';
import { ROUTES } from './routes';
import { REDIRECTS, SCREENS } from './screens';

const LAZY = Symbol.for('react.lazy');

describe('the screens table', () => {
  it('gives every address of paths one screen or one redirect', () => {
    const tabla = [...SCREENS.map((s) => s.path), ...REDIRECTS.map((r) => r.from), paths.admin];
    expect(new Set(tabla).size).toBe(tabla.length);
    expect([...tabla].sort()).toEqual(Object.values(paths).sort());
  });

  it('lazy-loads every page', () => {
    for (const screen of SCREENS) expect(screen.page.$$typeof, screen.path).toBe(LAZY);
  });

  it('routes every screen and every menu entry to its own path', () => {
    for (const path of [...SCREENS.map((s) => s.path), ...MENU.map((e) => e.path)]) {
      const matched = matchRoutes(ROUTES, path)!.at(-1)!.route;
      expect(matched.path, path).toBe(path);
    }
  });

  it('lists menu entries only for screens their roles may open', () => {
    for (const entry of MENU) {
      const { access } = SCREENS.find((s) => s.path === entry.path)!;
      if (access.kind === 'roles') {
        for (const role of entry.roles) expect([...access.roles, 'super_admin'], `${entry.label} ${role}`).toContain(role);
      }
    }
  });
});
