import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signIn } from '@/testing/fixtures';
import { signInVendedor } from '@/testing/handlers/caja';
import { listadoPasajes } from '@/testing/handlers/pasajes';
import { server } from '@/testing/server';
import { renderApp, renderWithProviders } from '@/testing/render';
import { RequireRole } from './RequireRole';

describe('RequireRole', () => {
  it('sends anonymous users to the staff login', async () => {
    renderApp('/admin/gestion-roles');
    expect(await screen.findByLabelText('Usuario')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/login');
  });

  it('lets super_admin into a super-admin route', async () => {
    signIn('super_admin');
    renderApp('/admin/gestion-roles');
    expect(await screen.findByRole('heading', { name: 'Gestión de Roles' })).toBeInTheDocument();
    expect(screen.queryByText('Acceso Denegado')).not.toBeInTheDocument();
  });

  it('shows Acceso Denegado with the required and the current role to a vendedor', async () => {
    signIn('vendedor');
    renderApp('/admin/gestion-roles');
    expect(await screen.findByRole('heading', { name: 'Acceso Denegado' })).toBeInTheDocument();
    expect(screen.getByText('No tienes permisos para acceder a esta página.')).toBeInTheDocument();
    expect(screen.getByText('Rol requerido: Super Administrador')).toBeInTheDocument();
    expect(screen.getByText('Tu rol: Vendedor')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Gestión de Roles' })).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/gestion-roles');
  });

  it("sends a vendedor who types the company's ticket list to Mis Ventas", async () => {
    signInVendedor();
    server.use(listadoPasajes([]).handler);
    renderApp('/admin/listado-pasajes');
    expect(await screen.findByRole('heading', { name: 'Mis Ventas' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/mis-ventas');
    expect(screen.queryByText('Acceso Denegado')).not.toBeInTheDocument();
  });

  it('lets super_admin pass checks that do not list it', () => {
    signIn('super_admin');
    renderWithProviders(<RequireRole roles={['lancha']}>Pantalla de embarque</RequireRole>);
    expect(screen.getByText('Pantalla de embarque')).toBeInTheDocument();
  });

  it('lists every required role', () => {
    signIn('admin');
    renderWithProviders(<RequireRole roles={['lancha', 'supervisor']}>Pantalla de embarque</RequireRole>);
    expect(screen.getByText('Roles requeridos: Personal de Embarque, Supervisor')).toBeInTheDocument();
    expect(screen.getByText('Tu rol: Administrador')).toBeInTheDocument();
    expect(screen.queryByText('Pantalla de embarque')).not.toBeInTheDocument();
  });

  it('redirects /dashboard and /admin to /admin/dashboard', async () => {
    signIn('admin');
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Dashboard de Administración' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/dashboard');
  });

  it('checks a permission of the role instead of a list of roles', () => {
    signInVendedor();
    renderWithProviders(<RequireRole permiso="caja.abrir">Abrir caja</RequireRole>);
    expect(screen.getByText('Abrir caja')).toBeInTheDocument();
  });

  it('shows Acceso Denegado with the permission when the role lacks it', () => {
    signIn('lancha');
    renderWithProviders(<RequireRole permiso="caja.abrir">Abrir caja</RequireRole>);
    expect(screen.getByRole('heading', { name: 'Acceso Denegado' })).toBeInTheDocument();
    expect(screen.getByText('Permiso requerido: caja.abrir')).toBeInTheDocument();
    expect(screen.getByText('Tu rol: Personal de Embarque')).toBeInTheDocument();
    expect(screen.queryByText('Abrir caja')).not.toBeInTheDocument();
  });

  it('lets a custom role in by the permission a role check names, and a built-in role not', () => {
    signIn('cajero', { rolInfo: { nombre: 'cajero', permisos: { pasajes: { crear: true } } } });
    renderWithProviders(<RequireRole roles={['vendedor']} permiso="pasajes.crear">Vender</RequireRole>);
    expect(screen.getByText('Vender')).toBeInTheDocument();
  });

  it('keeps a custom role out when its matrix lacks the permission', () => {
    signIn('cajero', { rolInfo: { nombre: 'cajero', permisos: { pasajes: { crear: false } } } });
    renderWithProviders(<RequireRole roles={['vendedor']} permiso="pasajes.crear">Vender</RequireRole>);
    expect(screen.getByRole('heading', { name: 'Acceso Denegado' })).toBeInTheDocument();
  });

  it('refuses a screen of a module the company lacks, whatever the role', () => {
    signIn('super_admin', { modulos: ['core'] });
    renderWithProviders(<RequireRole modulo="caja">Mi caja</RequireRole>);
    expect(screen.getByText('El módulo de esta pantalla no está habilitado para su empresa')).toBeInTheDocument();
    expect(screen.queryByText('Mi caja')).not.toBeInTheDocument();
  });
});
