import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signIn } from '@/testing/fixtures';
import { estadoServicios } from '@/testing/handlers/sistema';
import { renderWithProviders } from '@/testing/render';
import { server } from '@/testing/server';
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
    expect(screen.getByText('Se verifica cada 30 segundos')).toBeInTheDocument();
    expect(mock.consultas()).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Verificar ahora' }));
    await screen.findByRole('region', { name: 'Base de Datos' });
    expect(mock.consultas()).toBe(2);
  });
});
