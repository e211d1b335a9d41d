import { QueryClient } from '@tanstack/react-query';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { meQuery } from '@/api/auth';
import { empresaQuery } from '@/api/empresa';
import { notificacionesQuery } from '@/api/notificaciones';
import { seccionesActivasQuery, preciosQuery } from '@/api/config';
import { cajaEstadoQuery } from '@/api/caja';
import { estadisticasEmbarqueQuery, type EstadisticasEmbarque } from '@/api/embarque';
import { salidasQuery } from '@/api/salidas';
import { DEFAULT_TIMEZONE, todayIn } from '@/lib/dates';
import { paths } from '@/lib/paths';
import { signIn } from '@/testing/fixtures';
import { estadoCaja } from '@/testing/handlers/caja';
import { catalogHandlers } from '@/testing/handlers/config';
import { ok, server } from '@/testing/server';
import { preloadScreenAt } from './routes';

describe('preloadScreenAt', () => {
  let queryClient: QueryClient;
  afterEach(() => queryClient.clear());

  it('fetches what the sale screen shows first while the app boots', async () => {
    signIn('vendedor');
    server.use(...catalogHandlers, estadoCaja(null));
    queryClient = new QueryClient();
    preloadScreenAt(paths.ventaPasajes, queryClient);
    for (const query of [seccionesActivasQuery, preciosQuery, cajaEstadoQuery]) {
      await expect.poll(() => queryClient.getQueryState(query.queryKey)?.status).not.toBe('pending');
      expect(queryClient.getQueryState(query.queryKey), String(query.queryKey)).toMatchObject({ status: 'success', error: null });
    }
  });

  it("fetches what the validator shows first: today's figures and departures", async () => {
    signIn('lancha');
    const estadisticas: EstadisticasEmbarque = { hoy: { total: 3, embarcados: 1, pendientes: 2 }, usuario: { validados_hoy: 1 } };
    server.use(http.get('/api/pasajes/estadisticas-embarque', () => ok(estadisticas)));
    queryClient = new QueryClient();
    preloadScreenAt(paths.validador, queryClient);
    for (const query of [estadisticasEmbarqueQuery, salidasQuery(todayIn(DEFAULT_TIMEZONE))]) {
      await expect.poll(() => queryClient.getQueryState(query.queryKey)?.status).not.toBe('pending');
      expect(queryClient.getQueryState(query.queryKey), String(query.queryKey)).toMatchObject({ status: 'success', error: null });
    }
  });

  it("fetches the shell's company with the screen's data; the user's refresh and the bell wait for an idle browser", async () => {
    const usuario = signIn('vendedor');
    server.use(...catalogHandlers, estadoCaja(null));
    queryClient = new QueryClient();
    preloadScreenAt(paths.ventaPasajes, queryClient);
    await expect.poll(() => queryClient.getQueryState(empresaQuery(usuario.id).queryKey)?.status).toBe('success');
    // one round of the browser's six connections: the company and the sale screen's five reads
    expect(queryClient.getQueryState(meQuery(usuario.id).queryKey)).toBeUndefined();
    expect(queryClient.getQueryState(notificacionesQuery().queryKey)).toBeUndefined();
  });

  it("asks for none of the shell's data while the password must change (the server refuses it)", () => {
    const usuario = signIn('lancha', { debe_cambiar_clave: true });
    queryClient = new QueryClient();
    preloadScreenAt(paths.notificaciones, queryClient);
    expect(queryClient.getQueryState(empresaQuery(usuario.id).queryKey)).toBeUndefined();
    expect(queryClient.getQueryState(notificacionesQuery().queryKey)).toBeUndefined();
  });

  it('fetches nothing for a guarded screen without a stored session (the guard sends to the login)', () => {
    localStorage.clear();
    queryClient = new QueryClient();
    preloadScreenAt(paths.ventaPasajes, queryClient);
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
  });

  it('fetches nothing for an address that is no screen', () => {
    signIn('vendedor');
    queryClient = new QueryClient();
    preloadScreenAt('/admin/no-existe', queryClient);
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
  });
});
