import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { fail, ok, server } from '@/testing/server';
import { LandingPage } from './LandingPage';

describe('LandingPage', () => {
  it('has the section anchors, the staff link and calls to action to /login', async () => {
    renderWithProviders(<LandingPage />);
    for (const id of ['inicio', 'servicios', 'destinos', 'contacto']) {
      expect(document.getElementById(id)).not.toBeNull();
    }
    const nav = screen.getByRole('navigation', { name: 'Secciones' });
    expect(within(nav).getByRole('link', { name: 'Servicios' })).toHaveAttribute('href', '#servicios');
    expect(within(nav).getByRole('link', { name: 'Staff' })).toHaveAttribute('href', '/admin/login');
    expect(screen.getByRole('link', { name: 'Ingresar al Portal de Clientes' })).toHaveAttribute('href', '/login');
    expect(screen.getByText('1 punto por cada $1')).toBeInTheDocument();
    expect(screen.getByText('Ejemplo: 10.000 puntos = $1.000 en beneficios.')).toBeInTheDocument();
    expect(await screen.findByText('Atención telefónica de 6:00 a 22:00.')).toBeInTheDocument();
    // no timetable of its own: the departures' figure is the server's ('Viajes diarios')
    expect(screen.queryByText(/cada hora/)).not.toBeInTheDocument();
  });

  it('shows the figures exactly as the server gives them', async () => {
    server.use(http.get('/api/public/stats', () =>
      ok({ pasajeros_atendidos: 125430, rutas_disponibles: 7, años_experiencia: 0, viajes_diarios: 34 })));
    renderWithProviders(<LandingPage />);
    const stats = screen.getByRole('region', { name: 'Estadísticas' });
    expect(await within(stats).findByText('125.430')).toBeInTheDocument();
    expect(within(stats).getByText('7')).toBeInTheDocument();
    expect(within(stats).getByText('0')).toBeInTheDocument();
    expect(within(stats).getByText('34')).toBeInTheDocument();
    expect(within(stats).getByText('Promedio de los últimos 30 días')).toBeInTheDocument();
    // Without a founding date no other figure of experience is claimed.
    expect(screen.queryByText(/años? de experiencia\./)).not.toBeInTheDocument();
  });

  it('says the same years of experience in the figures and in the services', async () => {
    server.use(http.get('/api/public/stats', () =>
      ok({ pasajeros_atendidos: 10, rutas_disponibles: 2, años_experiencia: 12, viajes_diarios: 3 })));
    renderWithProviders(<LandingPage />);
    const stats = screen.getByRole('region', { name: 'Estadísticas' });
    expect(await within(stats).findByText('12')).toBeInTheDocument();
    expect(await screen.findByText('12 años de experiencia.')).toBeInTheDocument();
    expect(screen.queryByText(/25 años/)).not.toBeInTheDocument();
  });

  it('shows the contact data of the public company', async () => {
    renderWithProviders(<LandingPage />);
    expect(await screen.findByRole('link', { name: '+54 11 4731-0000' })).toHaveAttribute('href', 'tel:+541147310000');
    expect(screen.getByRole('link', { name: 'info@lanchasdeldelta.test' })).toHaveAttribute('href', 'mailto:info@lanchasdeldelta.test');
    expect(screen.getByText('Estación Fluvial, Tigre')).toBeInTheDocument();
    expect(screen.getAllByText('Lanchas del Delta').length).toBeGreaterThan(0);
  });

  it("falls back to 'Terminal Fluvial' and says so when the contact data is missing", async () => {
    server.use(http.get('/api/public/empresa', () => fail(500, 'Error')));
    renderWithProviders(<LandingPage />);
    expect(await screen.findByText('Los datos de contacto no están disponibles por el momento.')).toBeInTheDocument();
    expect(screen.getAllByText('Terminal Fluvial').length).toBeGreaterThan(0);
  });
});
