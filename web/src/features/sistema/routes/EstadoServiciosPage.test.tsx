import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { signIn } from '@/testing/fixtures';
import { estadoServicios } from '@/testing/handlers/sistema';
import { renderWithProviders } from '@/testing/render';
import { ok, server } from '@/testing/server';
import { EstadoServiciosPage } from './EstadoServiciosPage';

describe('EstadoServiciosPage', () => {
  it('shows each service as the server checked it, and checks again on demand', async () => {
    const mock = estadoServicios();
    server.use(mock.handler);
    signIn('super_admin');
    const { user } = renderWithProviders(<EstadoServiciosPage />, { route: '/admin/reportes/servicios' });
    const bd = await screen.findByRole('region', { name: 'Base de Datos' });
    expect(within(bd).getByText('Conectado')).toBeInTheDocument();
    expect(within(bd).getByText('Latencia: 1,2 ms')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Email' })).getByText('Sin configurar')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'WhatsApp' })).queryByText('Conectado')).not.toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'WebSocket' })).getByText('Desconectado')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'HTTPS' })).getByText('Certificado de muelle.com.ar válido hasta el 02/03/2027')).toBeInTheDocument();
    expect(screen.getByText('Se verifica cada 30 segundos')).toBeInTheDocument();
    expect(mock.consultas()).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Verificar ahora' }));
    await screen.findByRole('region', { name: 'Base de Datos' });
    expect(mock.consultas()).toBe(2);
  });

  it("says a latency under a tenth of a millisecond as such, not '0,0 ms'", async () => {
    server.use(http.get('/api/admin/servicios', () =>
      ok([{ clave: 'base_datos', nombre: 'Base de Datos', estado: 'conectado', conectado: true, latencia_ms: 0.02,
        detalles: 'Consulta respondida en menos de 0,1 ms (sqlite)', ultima_verificacion: '2026-11-20T13:00:05Z' }])));
    signIn('super_admin');
    renderWithProviders(<EstadoServiciosPage />, { route: '/admin/reportes/servicios' });
    const bd = await screen.findByRole('region', { name: 'Base de Datos' });
    expect(within(bd).getByText('Latencia: menos de 0,1 ms')).toBeInTheDocument();
  });
});
