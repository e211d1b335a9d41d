import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { http } from 'msw';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Manifiesto } from '@/api/salidas';
import type { EntradaConfig } from '@/lib/offline/db';
import { fail, ok, server } from '@/testing/server';
import { claveManifiesto, guardarManifiesto, leerManifiestoLocal, useManifiesto } from './manifiesto';

// jsdom has no IndexedDB: the config store is a map behind the two calls this module makes.
const config = vi.hoisted(() => new Map<string, EntradaConfig>());
vi.mock('@/lib/offline/db', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/offline/db')>()),
  baseOffline: {
    config: {
      put: async (e: EntradaConfig) => void config.set(e.clave, e),
      get: async (clave: string) => config.get(clave),
    },
  },
}));

function manifiesto(total: number): Manifiesto {
  return {
    encabezado: { salida_id: 5, seccion: 'Tigre – Tres Bocas', fecha: '2026-11-22', hora: '10:30', sentido: 'ida',
      embarcacion: 'Marina del Delta', matricula: 'REC-1234', capacidad: 60, vencimiento_certificado: null, estado: 'embarcando', estado_por: null, estado_en: null },
    tripulacion: [], congelado: false, congelado_en: null, filas: [], totales: [], total, correcciones: [],
  };
}

function wrapper({ children }: { children: ReactNode }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

describe('the manifest kept on the device', () => {
  beforeEach(() => {
    config.clear();
    vi.stubGlobal('indexedDB', {});
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keeps every answer of the server under manifiesto:{id}, with when', async () => {
    server.use(http.get('/api/salidas/5/manifiesto', () => ok(manifiesto(12))));
    const { result } = renderHook(() => useManifiesto(5), { wrapper });
    await waitFor(() => expect(result.current.manifiesto?.total).toBe(12));
    expect(result.current.local).toBe(false);
    await waitFor(() => expect(config.get(claveManifiesto(5))?.valor).toEqual(manifiesto(12)));
    expect(typeof config.get('manifiesto:5')?.guardado_en).toBe('number');
  });

  it('answers the copy kept, with its age, when the server does not answer', async () => {
    await guardarManifiesto(manifiesto(7), 1_700_000_000_000);
    server.use(http.get('/api/salidas/5/manifiesto', () => fail(503, 'Servicio no disponible')));
    const { result } = renderHook(() => useManifiesto(5), { wrapper });
    await waitFor(() => expect(result.current.local).toBe(true));
    expect(result.current.manifiesto?.total).toBe(7);
    expect(result.current.guardadoEn).toBe(1_700_000_000_000);
    expect(result.current.error).toBeNull();
  });

  it('reports the error when there is no copy either', async () => {
    server.use(http.get('/api/salidas/5/manifiesto', () => fail(503, 'Servicio no disponible')));
    const { result } = renderHook(() => useManifiesto(5), { wrapper });
    await waitFor(() => expect(result.current.error).not.toBeNull());
    expect(result.current.manifiesto).toBeUndefined();
    expect(await leerManifiestoLocal(5)).toBeNull();
  });
});
