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
  let fechas: (string | null)[];

  beforeEach(() => {
    pedidos = 0;
    fechas = [];
    server.use(
      http.get('/api/pasajes/por-fecha', ({ request }) => {
        const params = new URL(request.url).searchParams;
        expect(params.get('tipo')).toBe('programado');
        pedidos++;
        fechas.push(params.get('fecha'));
        const fecha = params.get('fecha');
        return ok(fecha
          ? { hoy: { fecha, secciones: [viaje(1, 'Tigre – Tres Bocas', 4, 1)] }, manana: { fecha: '2027-03-02', secciones: [] } }
          : VIAJES);
      }),
      http.get('/api/salidas', () => ok([])),
    );
    signIn('lancha');
  });

  it('shows any date typed as dd/mm/aaaa and its next day, and goes back to today', async () => {
    const { user } = renderApp('/admin/estado-viajes');
    await screen.findByRole('region', { name: 'Hoy' });
    expect(fechas[0]).toBeNull();
    const fecha = screen.getByLabelText('Fecha');
    await user.clear(fecha);
    await user.type(fecha, '01/03/2027');
    await user.tab();
    const elegida = await screen.findByRole('region', { name: 'Fecha elegida' });
    expect(elegida).toHaveTextContent('01/03/2027');
    expect(within(elegida).getByText('25%')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Día siguiente' })).toHaveTextContent('02/03/2027');
    expect(fechas).toContain('2027-03-01');
    await user.click(screen.getByRole('button', { name: 'Volver a hoy' }));
    expect(await screen.findByRole('region', { name: 'Hoy' })).toHaveTextContent('22/11/2026');
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
