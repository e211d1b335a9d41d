import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { signIn } from '@/testing/fixtures';
import { renderApp } from '@/testing/render';
import { ok, server } from '@/testing/server';
import type { ViajeSeccion, ViajesProgramados } from '@/api/embarque';

const viaje = (seccion_id: number, seccion_nombre: string, total: number, embarcados: number): ViajeSeccion => ({
  seccion_id,
  seccion_nombre,
  capacidad: 60,
  total,
  embarcados,
  pendientes: total - embarcados,
  porcentaje: Math.round((embarcados * 100) / total),
  completo: embarcados === total,
});

const VIAJES: ViajesProgramados = {
  hoy: { fecha: '2026-11-22', secciones: [viaje(1, 'Tigre – Tres Bocas', 10, 10), viaje(2, 'Tigre – Río Capitán', 10, 6)] },
  manana: { fecha: '2026-11-23', secciones: [] },
};

describe('EstadoViajesPage', () => {
  let pedidos: number;

  beforeEach(() => {
    pedidos = 0;
    server.use(http.get('/api/pasajes/por-fecha', ({ request }) => {
      expect(new URL(request.url).searchParams.get('tipo')).toBe('programado');
      pedidos++;
      return ok(VIAJES);
    }));
    signIn('lancha');
  });

  it("shows today's sections with counts, percent and 'Completo', and an empty tomorrow", async () => {
    renderApp('/admin/estado-viajes');
    const hoy = await screen.findByRole('region', { name: 'Hoy' });
    expect(hoy).toHaveTextContent('22/11/2026');
    expect(within(hoy).getAllByText('Completo')).toHaveLength(1);
    expect(within(hoy).getByText('100%')).toBeInTheDocument();
    expect(within(hoy).getByText('60%')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Mañana' })).getByText('No hay viajes programados')).toBeInTheDocument();
  });

  it('refreshes with Actualizar', async () => {
    const { user } = renderApp('/admin/estado-viajes');
    await screen.findByRole('region', { name: 'Hoy' });
    await user.click(screen.getByRole('button', { name: 'Actualizar' }));
    await expect.poll(() => pedidos).toBe(2);
  });
});
