import { screen, within, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signIn } from '@/testing/fixtures';
import { configuracionSistema } from '@/testing/handlers/sistema';
import { renderApp, renderWithProviders } from '@/testing/render';
import { server } from '@/testing/server';
import { ConfiguracionSistemaPage } from './ConfiguracionSistemaPage';

function renderPage() {
  const mock = configuracionSistema();
  server.use(...mock.handlers);
  signIn('super_admin');
  return { ...renderWithProviders(<ConfiguracionSistemaPage />, { route: '/admin/configuracion/sistema' }), guardados: mock.guardados };
}

const dato = (label: string) => screen.getByRole('group', { name: label });

describe('ConfiguracionSistemaPage', () => {
  it('shows the installation, the database without credentials, the server and the security settings', async () => {
    const { container } = renderPage();
    expect(await screen.findByRole('textbox', { name: /Nombre del Sistema/ })).toHaveValue('Muelle');
    expect(dato('Versión')).toHaveTextContent('v1.4.0');
    expect(dato('Ambiente')).toHaveTextContent('produccion');
    expect(dato('Empresas')).toHaveTextContent('3');
    expect(dato('Pasajes emitidos')).toHaveTextContent('1.520');
    expect(dato('Host')).toHaveTextContent('db.interna');
    expect(dato('Tiempo activo')).toHaveTextContent('1d 2h 5m');
    expect(dato('Conexión')).toHaveTextContent('HTTPS');
    expect(dato('Proxies de confianza')).toHaveTextContent('127.0.0.1');
    expect(dato('Última copia')).toHaveTextContent('20/11/2026 05:30');
    expect(dato('Archivo')).toHaveTextContent('/respaldos/muelle-2026-11-20T0530.db');
    const fallando = within(screen.getByRole('table', { name: 'Tareas' })).getByRole('row', { name: /vencer_puntos/ });
    expect(fallando).toHaveTextContent('vencer_puntos5120/11/2026 05:10sin conexión');
    expect(dato('Expiración de la sesión')).toHaveTextContent('8h 0m');
    expect(dato('Rondas de bcrypt')).toHaveTextContent('12');
    expect(dato('Límite de peticiones')).toHaveTextContent('Activo (256 simultáneas)');
    expect(container.textContent).not.toMatch(/contraseña|password/i);
  });

  it('saves the name, time zone and language with an idempotency key', async () => {
    const { user, guardados } = renderPage();
    const nombre = await screen.findByRole('textbox', { name: /Nombre del Sistema/ });
    await user.clear(nombre);
    await user.type(nombre, 'Terminal Tigre');
    await user.click(screen.getByRole('button', { name: 'Guardar Cambios' }));
    expect(await screen.findByText('Configuración actualizada correctamente')).toBeInTheDocument();
    expect(guardados[0].body).toEqual({ nombre: 'Terminal Tigre', timezone: 'America/Argentina/Buenos_Aires', idioma: 'es' });
    expect(guardados[0].clave).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Nombre del Sistema/ })).toHaveValue('Terminal Tigre'));
  });

  it('shows the server refusing an unknown time zone', async () => {
    const { user } = renderPage();
    const zona = await screen.findByDisplayValue('America/Argentina/Buenos_Aires');
    await user.clear(zona);
    await user.type(zona, 'Marte/Olympus');
    await user.click(screen.getByRole('button', { name: 'Guardar Cambios' }));
    expect(await screen.findByText(/La zona horaria no es válida/)).toBeInTheDocument();
  });

  it('is denied to an admin', async () => {
    signIn('admin');
    renderApp('/admin/configuracion/sistema');
    expect(await screen.findByRole('heading', { name: 'Acceso Denegado' })).toBeInTheDocument();
  });
});
