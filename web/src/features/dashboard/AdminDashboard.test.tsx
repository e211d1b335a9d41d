import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { AdminStats } from '@/api/dashboard';
import { signIn } from '@/testing/fixtures';
import { SERVICIOS_DE_EMPRESA } from '@/testing/handlers/dashboard';
import { renderWithProviders } from '@/testing/render';
import { fail, ok, server } from '@/testing/server';
import { AdminDashboard } from './AdminDashboard';

const HOY: AdminStats = {
  ingresosHoy: 27000, pasajesHoy: 6, totalClientes: 1234, usuariosActivos: 5, cajasAbiertas: 2,
  desempenoVendedores: [
    { id: 4, vendedor: 'Diego Sosa', total_pasajes: 3, total_ventas: 13500 },
    { id: 3, vendedor: 'Lucía Benítez', total_pasajes: 2, total_ventas: 9000 },
    { id: 9, vendedor: 'Pablo Ríos', total_pasajes: 1, total_ventas: 4500 },
    { id: 10, vendedor: 'Sofía Vera', total_pasajes: 0, total_ventas: 0 },
  ],
  estado_servicios: SERVICIOS_DE_EMPRESA,
};

describe('AdminDashboard', () => {
  it('warns of the modules that expire soon and tells those that expired and when', async () => {
    signIn('admin', {
      avisos_modulos: [
        { codigo: 'venta_pasajes', nombre: 'Venta de Pasajes', fecha_vencimiento: '2026-11-28', vencido: false,
          mensaje: 'El módulo Venta de Pasajes vence el 28/11/2026' },
        { codigo: 'caja', nombre: 'Caja', fecha_vencimiento: '2026-11-24', vencido: true,
          mensaje: 'El módulo Caja venció el 24/11/2026' },
      ],
    });
    server.use(http.get('/api/dashboard/stats', () => ok(HOY)));
    renderWithProviders(<AdminDashboard />);
    expect(await screen.findByRole('status', { name: /Módulo por vencer/ })).toHaveTextContent('El módulo Venta de Pasajes vence el 28/11/2026');
    expect(screen.getByRole('alert', { name: /Módulo vencido/ })).toHaveTextContent('El módulo Caja venció el 24/11/2026');
  });


  it("shows today's figures of the company, the ranking with medals and the services", async () => {
    signIn('admin');
    server.use(http.get('/api/dashboard/stats', () => ok(HOY)));
    renderWithProviders(<AdminDashboard />);
    expect(await screen.findByRole('group', { name: 'Ingresos de hoy' })).toHaveTextContent('$ 27.000,00');
    expect(screen.getByRole('group', { name: 'Pasajes de hoy' })).toHaveTextContent('6');
    expect(screen.getByRole('group', { name: 'Total de clientes' })).toHaveTextContent('1.234');
    expect(screen.getByRole('group', { name: 'Usuarios activos' })).toHaveTextContent('5');
    expect(screen.getByRole('group', { name: 'Cajas abiertas' })).toHaveTextContent('2');

    expect(within(screen.getByRole('row', { name: /Diego Sosa/ })).getByText('1º Oro')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /Lucía Benítez/ })).getByText('2º Plata')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /Pablo Ríos/ })).getByText('3º Bronce')).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Sofía Vera/ })).toHaveTextContent('4º');
    expect(screen.getByRole('row', { name: /Diego Sosa/ })).toHaveTextContent('$ 13.500,00');

    // the company's own services only: nothing of the installation
    const email = screen.getByRole('group', { name: 'Email' });
    expect(within(email).getByText('Conectado')).toBeInTheDocument();
    expect(within(email).getByText('Última prueba: correcta')).toBeInTheDocument();
    const whatsapp = screen.getByRole('group', { name: 'WhatsApp' });
    expect(within(whatsapp).getByText('Sin configurar')).toBeInTheDocument();
    expect(within(whatsapp).queryByText('Conectado')).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Base de Datos' })).not.toBeInTheDocument();
  });

  it('says so when nobody sold today', async () => {
    signIn('admin');
    server.use(http.get('/api/dashboard/stats', () => ok({ ...HOY, desempenoVendedores: [] })));
    renderWithProviders(<AdminDashboard />);
    expect(await screen.findByText('Todavía no hay ventas hoy')).toBeInTheDocument();
  });

  it('shows the error box and loads again on Reintentar', async () => {
    signIn('admin');
    // the last handler added answers first: the first call fails, the retry succeeds
    server.use(http.get('/api/dashboard/stats', () => ok(HOY)));
    server.use(http.get('/api/dashboard/stats', () => fail(503, 'Base de datos no disponible'), { once: true }));
    const { user } = renderWithProviders(<AdminDashboard />);
    const alerta = await screen.findByRole('alert');
    expect(alerta).toHaveTextContent('Error al obtener estadísticas');
    expect(alerta).toHaveTextContent('Base de datos no disponible');
    expect(within(alerta).getByRole('button', { name: 'Recargar Página' })).toBeInTheDocument();
    await user.click(within(alerta).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('group', { name: 'Ingresos de hoy' })).toHaveTextContent('$ 27.000,00');
  });
});
