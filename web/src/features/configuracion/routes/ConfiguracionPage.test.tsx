import { screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { signIn } from '@/testing/fixtures';
import { renderApp, renderWithProviders } from '@/testing/render';
import { mockConfiguracion } from '@/testing/handlers/config';
import { mockUsuarios } from '@/testing/handlers/usuarios';
import { ConfiguracionPage } from './ConfiguracionPage';

function SearchProbe() {
  return <output data-testid="search">{useLocation().search}</output>;
}

/** The page alone, its users tab a stand-in (the app puts user management there). */
function renderPage(rol: string, route: string) {
  mockConfiguracion();
  signIn(rol);
  return renderWithProviders(<><ConfiguracionPage usuarios={<p>Panel de usuarios</p>} /><SearchProbe /></>, { route });
}

const selectedTab = () => screen.getByRole('tab', { selected: true });

describe('Configuración del Sistema', () => {
  it('opens the tab named in the URL and writes the chosen tab there', async () => {
    const { user } = renderPage('admin', '/admin/configuracion?tab=tipos-viaje');
    expect(screen.getByRole('heading', { name: 'Configuración del Sistema' })).toBeInTheDocument();
    expect(selectedTab()).toHaveTextContent('Tipos de viaje');
    expect(await screen.findByRole('button', { name: 'Nuevo tipo de viaje' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Tarifas' }));
    expect(screen.getByTestId('search')).toHaveTextContent('?tab=precios');
    expect(await screen.findByRole('button', { name: 'Guardar precios' })).toBeInTheDocument();
  });

  it('starts on secciones without a tab or with an unknown one', () => {
    renderPage('admin', '/admin/configuracion?tab=otra');
    expect(selectedTab()).toHaveTextContent('Secciones');
  });

  it('shows admins the usuarios tab with the company\'s users', async () => {
    mockConfiguracion();
    mockUsuarios();
    signIn('admin');
    renderApp('/admin/configuracion?tab=usuarios');
    expect(await screen.findByRole('tab', { selected: true })).toHaveTextContent('Usuarios');
    expect(await screen.findByText('Diego Sosa')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Nuevo usuario' })).toBeVisible();
  });

  it('tells a non-admin asking for usuarios that they lack permission and sends them to secciones', async () => {
    renderPage('supervisor', '/admin/configuracion?tab=usuarios');
    expect(await screen.findByText('No tienes permisos para ver usuarios')).toBeInTheDocument();
    expect(selectedTab()).toHaveTextContent('Secciones');
    expect(screen.getByTestId('search')).toHaveTextContent('?tab=secciones');
    expect(screen.queryByRole('tab', { name: 'Usuarios' })).not.toBeInTheDocument();
  });

  it.each(['/admin/configuracion', '/admin/configuracion/secciones', '/admin/configuracion/precios'])(
    'denies %s to a vendedor',
    async (route) => {
      signIn('vendedor');
      renderApp(route);
      expect(await screen.findByRole('heading', { name: 'Acceso Denegado' })).toBeInTheDocument();
      expect(screen.getByText('Rol requerido: Administrador')).toBeInTheDocument();
    },
  );
});
