import { describe, expect, it } from 'vitest';
import { paths } from '@/lib/paths';
import { FUERA_DE_LA_APP } from './navegacion';

/** What workbox-routing's NavigationRoute tests against its denylist: the path and the query. */
const fueraDeLaApp = (url: string) => FUERA_DE_LA_APP.some((re) => re.test(url));

describe('the navigations the service worker answers with the cached app', () => {
  it('every screen of the SPA, with or without a query', () => {
    for (const path of Object.values(paths)) {
      expect(fueraDeLaApp(path), path).toBe(false);
      expect(fueraDeLaApp(`${path}?desde=2026-11-01`), path).toBe(false);
    }
    expect(fueraDeLaApp('/admin/apiarios')).toBe(false);
    expect(fueraDeLaApp('/apix')).toBe(false);
  });

  it('never the API: its answers, its downloads, the socket', () => {
    for (const url of ['/api', '/api?x=1', '/api/health', '/api/ws', '/api/pasajes/12/pdf', '/api/reportes/ventas/exportar?formato=xlsx']) {
      expect(fueraDeLaApp(url), url).toBe(true);
    }
  });
});
