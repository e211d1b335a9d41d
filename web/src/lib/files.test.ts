import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import { fetchFileConProgreso, type ProgresoDescarga } from '@/lib/files';
import { fail, server } from '@/testing/server';

/** A body sent in `partes` chunks of `tamanio` bytes; `abierto` leaves it unfinished (a slow file). */
function cuerpo(partes: number, tamanio: number, abierto = false) {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < partes; i++) controller.enqueue(new Uint8Array(tamanio).fill(65));
      if (!abierto) controller.close();
    },
  });
}

describe('fetchFileConProgreso', () => {
  it('hears each chunk as it arrives and gives the file with the server name', async () => {
    server.use(http.get('/api/archivo', () => new HttpResponse(cuerpo(3, 1024), {
      headers: { 'Content-Type': 'text/csv', 'Content-Length': '3072', 'Content-Disposition': 'attachment; filename="reporte-ventas-hoy-2026-11-25.csv"' },
    })));
    const progreso: ProgresoDescarga[] = [];
    const archivo = await fetchFileConProgreso('/archivo', { onProgreso: (p) => progreso.push(p) });
    expect(archivo.nombre).toBe('reporte-ventas-hoy-2026-11-25.csv');
    expect(archivo.blob.size).toBe(3072);
    expect(progreso.at(-1)).toEqual({ recibidos: 3072, total: 3072 });
  });

  it('stops when cancelled, telling the abort apart', async () => {
    server.use(http.get('/api/archivo', () => new HttpResponse(cuerpo(1, 2048, true))));
    const controller = new AbortController();
    const progreso: number[] = [];
    const descarga = fetchFileConProgreso('/archivo', {
      signal: controller.signal,
      onProgreso: ({ recibidos }) => {
        progreso.push(recibidos);
        controller.abort();
      },
    });
    await expect(descarga).rejects.not.toBeInstanceOf(ApiError);
    expect(controller.signal.aborted).toBe(true);
    expect(progreso).toEqual([2048]);
  });

  it("fails with the server's status and message", async () => {
    server.use(http.get('/api/archivo', () => fail(404, 'No hay datos para exportar')));
    await expect(fetchFileConProgreso('/archivo')).rejects.toMatchObject({ status: 404, serverMessage: 'No hay datos para exportar' });
  });
});
