import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { loadPage } from '@/lib/browser';
import { paths } from '@/lib/paths';
import { readSession } from '@/lib/session';
import { signIn } from '@/testing/fixtures';
import { renderApp, renderWithProviders } from '@/testing/render';
import { server } from '@/testing/server';
import { failCambioContrasena, mockUsuarios, TOKEN_CLAVE_CAMBIADA } from '@/testing/handlers/usuarios';
import { CambiarContrasenaPage } from './CambiarContrasenaPage';

vi.mock('@/lib/browser', () => ({ loadPage: vi.fn(), reloadPage: vi.fn(), openPopup: vi.fn() }));

function renderPage(forzado: boolean) {
  const calls = mockUsuarios();
  signIn('vendedor', { debe_cambiar_clave: forzado, estado_clave: forzado ? 'reinicio_pendiente' : 'vigente' });
  return { calls, ...renderWithProviders(<CambiarContrasenaPage />, { route: paths.cambiarContrasena }) };
}

const submit = () => screen.getByRole('button', { name: 'Cambiar contraseña' });

describe('Cambiar contraseña', () => {
  it('sends every other screen of a forced user here', async () => {
    mockUsuarios();
    signIn('vendedor', { debe_cambiar_clave: true });
    renderApp(paths.ventaPasajes);
    expect(await screen.findByRole('heading', { name: 'Cambiar contraseña' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(paths.cambiarContrasena);
  });

  it('makes no call the server refuses until the password changes (company, notifications, socket)', async () => {
    mockUsuarios();
    const llamadas: string[] = [];
    const anotar = ({ request }: { request: Request }) => llamadas.push(`${request.method} ${new URL(request.url).pathname}`);
    server.events.on('request:start', anotar);
    signIn('admin', { debe_cambiar_clave: true });
    renderApp(paths.dashboard);
    expect(await screen.findByRole('heading', { name: 'Cambiar contraseña' })).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 300));
    server.events.removeListener('request:start', anotar);
    expect(llamadas.filter((l) => l !== 'GET /api/auth/me')).toEqual([]);
  });

  it('checks the strength on the server after 3 characters and a pause, then the match', async () => {
    const { user, calls } = renderPage(true);
    expect(screen.queryByLabelText(/Contraseña actual/)).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(/Nueva contraseña/), 'ab');
    await new Promise((r) => setTimeout(r, 700));
    expect(calls.validaciones).toEqual([]);

    await user.type(screen.getByLabelText(/Nueva contraseña/), 'cdefgh');
    expect(await screen.findByText('La contraseña no cumple con los requisitos de seguridad', {}, { timeout: 2000 })).toBeInTheDocument();
    expect(calls.validaciones).toEqual(['abcdefgh']);
    expect(submit()).toBeDisabled();

    await user.clear(screen.getByLabelText(/Nueva contraseña/));
    await user.type(screen.getByLabelText(/Nueva contraseña/), 'Junco58?Proa');
    expect(await screen.findByText('Fortaleza: Fuerte (85/100)', {}, { timeout: 2000 })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Confirmar contraseña/), 'Junco58?Pro');
    expect(screen.getByText('Las contraseñas no coinciden')).toBeInTheDocument();
    expect(submit()).toBeDisabled();
    await user.type(screen.getByLabelText(/Confirmar contraseña/), 'a');
    expect(submit()).toBeEnabled();
  });

  it('changes a forced password without the current one and reloads into the app after 2 s', async () => {
    const { user, calls } = renderPage(true);
    await user.type(screen.getByLabelText(/Nueva contraseña/), 'Junco58?Proa');
    await user.type(screen.getByLabelText(/Confirmar contraseña/), 'Junco58?Proa');
    await waitFor(() => expect(submit()).toBeEnabled(), { timeout: 2000 });
    await user.click(submit());
    expect(await screen.findByText('Ingresando al sistema en 2 segundos…')).toBeInTheDocument();
    expect(calls.writes[0].body).toEqual({ clave_nueva: 'Junco58?Proa' });
    expect(readSession()?.usuario.debe_cambiar_clave).toBe(false);
    expect(readSession()?.token).toBe(TOKEN_CLAVE_CAMBIADA);
    expect(loadPage).not.toHaveBeenCalled();
    await waitFor(() => expect(loadPage).toHaveBeenCalledWith(paths.dashboard), { timeout: 3000 });
  });

  it('asks for the current password when the change is not forced and shows the server error', async () => {
    const { user } = renderPage(false);
    failCambioContrasena(400, 'La contraseña actual es incorrecta');
    await user.type(screen.getByLabelText(/Nueva contraseña/), 'Junco58?Proa');
    await user.type(screen.getByLabelText(/Confirmar contraseña/), 'Junco58?Proa');
    await new Promise((r) => setTimeout(r, 700));
    expect(submit()).toBeDisabled();
    await user.type(screen.getByLabelText(/Contraseña actual/), 'Otra.Clave1');
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());
    expect(await screen.findByText('Error cambiando contraseña: La contraseña actual es incorrecta')).toBeInTheDocument();
  });
});
