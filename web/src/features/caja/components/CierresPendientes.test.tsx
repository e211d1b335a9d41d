import { screen } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { fail, ok, server } from '@/testing/server';
import { CierresPendientes } from './CierresPendientes';

const pendiente = {
  caja_id: 8, usuario_nombre: 'Carla Ciega', fecha_conteo: '2026-11-26T18:05:00Z',
  conteo: { efectivo: 1020, efectivo_esperado: 6000.5, discrepancia: 9480.5, tolerancia: 0, medios: [] },
};

describe('CierresPendientes', () => {
  it('says when the pending approvals could not be loaded, and retries', async () => {
    let intentos = 0;
    server.use(http.get('/api/caja/cierres-pendientes', () => (++intentos === 1 ? fail(500, 'Error interno') : ok([pendiente]))));
    const { user } = renderWithProviders(<CierresPendientes />);
    const alerta = await screen.findByRole('alert');
    expect(alerta).toHaveTextContent('No se pudieron cargar los cierres pendientes de aprobación');
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('group', { name: 'Caja #8 de Carla Ciega' })).toHaveTextContent(
      /Contada el 26\/11\/2026 15:05: efectivo \$\s1\.020,00 de \$\s6\.000,50; diferencia total \$\s9\.480,50/,
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows nothing when no close waits', async () => {
    let pedidas = 0;
    server.use(http.get('/api/caja/cierres-pendientes', () => { pedidas++; return ok([]); }));
    renderWithProviders(<CierresPendientes />);
    await expect.poll(() => pedidas).toBe(1);
    expect(screen.queryByRole('heading', { name: 'Cierres pendientes de aprobación' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
