import { screen } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { signIn } from '@/testing/fixtures';
import { renderApp, renderWithProviders } from '@/testing/render';
import { fail, ok, server } from '@/testing/server';
import { DashboardChooser } from './DashboardChooser';

describe('DashboardChooser', () => {
  it.each([
    ['super_admin', 'Dashboard Global'],
    ['admin', 'Dashboard de Administración'],
    ['supervisor', 'Dashboard de Supervisión'],
    ['vendedor', 'Dashboard de Ventas'],
    ['lancha', 'Control de Embarque'],
  ])('shows the %s dashboard', async (rol, title) => {
    signIn(rol);
    renderApp('/admin/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('gives the boarding dashboard its subtitle', async () => {
    signIn('lancha');
    renderWithProviders(<DashboardChooser />);
    expect(await screen.findByText('Panel de validación')).toBeInTheDocument();
  });

  it('chooses by rolInfo.nombre before rol', async () => {
    signIn('admin', { rolInfo: { nombre: 'lancha', permisos: {} } });
    renderWithProviders(<DashboardChooser />);
    expect(await screen.findByRole('heading', { name: 'Control de Embarque' })).toBeInTheDocument();
  });

  it('welcomes the user with the company name from the server', async () => {
    server.use(http.get('/api/config/empresa', () => ok({ id: 2, nombre: 'Interisleña Demo', logo_url: '' })));
    signIn('vendedor', { nombre: 'Marta', apellido: 'Suárez' });
    renderWithProviders(<DashboardChooser />);
    expect(await screen.findByText('Hola, Marta Suárez · Interisleña Demo')).toBeInTheDocument();
  });

  it("falls back to the stored company, then to 'Terminal Fluvial'", async () => {
    server.use(http.get('/api/config/empresa', () => fail(500, 'Error obteniendo empresa')));
    signIn('vendedor', { empresa: undefined });
    renderWithProviders(<DashboardChooser />);
    expect(await screen.findByText('Hola, Ana Pérez · Terminal Fluvial')).toBeInTheDocument();
  });

  it('names an unknown role', () => {
    signIn('capitan');
    renderWithProviders(<DashboardChooser />);
    expect(screen.getByRole('heading', { name: 'Rol no reconocido: capitan' })).toBeInTheDocument();
    expect(screen.getByText('Contacta al administrador del sistema')).toBeInTheDocument();
  });

  it('asks to log in again without a user', () => {
    renderWithProviders(<DashboardChooser />);
    expect(screen.getByRole('heading', { name: 'Error: Usuario no autenticado' })).toBeInTheDocument();
    expect(screen.getByText('Por favor, inicia sesión nuevamente')).toBeInTheDocument();
  });
});
