import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { ok, server } from '@/testing/server';
import { medirDesfaseReloj } from './reloj';

describe('medirDesfaseReloj', () => {
  it("measures this device's clock against the server's Date header and keeps it", async () => {
    server.use(http.get('/api/health', () =>
      ok({ status: 'ok', database: 'ok' }, { headers: { Date: new Date(Date.now() - 3 * 3600_000).toUTCString() } })));
    const desfase = await medirDesfaseReloj();
    expect(Math.abs(desfase - 3 * 3600_000)).toBeLessThan(2000);
    expect(Number(localStorage.getItem('muelle:desfase-reloj'))).toBe(desfase);
  });
});
