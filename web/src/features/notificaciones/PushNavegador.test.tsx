import { screen } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG_PUSH_BLOQUEADO, MSG_PUSH_SIN_PERMISO } from '@/lib/push';
import { signIn } from '@/testing/fixtures';
import { mockPush } from '@/testing/handlers/push';
import { navegadorConPush } from '@/testing/push';
import { renderWithProviders } from '@/testing/render';
import { fail, server } from '@/testing/server';
import { PanelNotificaciones } from './NotificationBell';
import { PushNavegador } from './PushNavegador';

describe('PushNavegador', () => {
  it('is in the bell panel; a click turns push on, then off, each confirmed by the server', async () => {
    signIn('supervisor');
    const nav = navegadorConPush();
    const writes = mockPush();
    const { user } = renderWithProviders(<PanelNotificaciones />);
    await user.click(await screen.findByRole('button', { name: 'Activar notificaciones push' }));
    expect(await screen.findByText('Notificaciones push activadas')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Desactivar notificaciones push' })).toBeInTheDocument();
    expect(nav.pushManager.suscripcion).not.toBeNull();

    await user.click(screen.getByRole('button', { name: 'Desactivar notificaciones push' }));
    expect(await screen.findByText('Notificaciones push desactivadas')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Activar notificaciones push' })).toBeInTheDocument();
    expect(writes.map((w) => w.method)).toEqual(['POST', 'DELETE']);
    expect(nav.pushManager.suscripcion).toBeNull();
  });

  it('is not offered without the Push API or without the service worker', async () => {
    signIn('supervisor');
    const { unmount } = renderWithProviders(<PanelNotificaciones />);
    expect(await screen.findByText('No hay notificaciones')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /notificaciones push/ })).not.toBeInTheDocument();
    unmount();

    navegadorConPush({ conServiceWorker: false });
    renderWithProviders(<PanelNotificaciones />);
    expect(await screen.findByText('No hay notificaciones')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /notificaciones push/ })).not.toBeInTheDocument();
  });

  it('says how to allow notifications the user blocked, before and after asking', async () => {
    signIn('supervisor');
    navegadorConPush({ permiso: 'denied' });
    const { unmount } = renderWithProviders(<PushNavegador avisoConexionId="aviso-conexion" />);
    expect(await screen.findByText(MSG_PUSH_BLOQUEADO)).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    unmount();

    navegadorConPush({ respuesta: 'default' });
    mockPush();
    const { user } = renderWithProviders(<PushNavegador avisoConexionId="aviso-conexion" />);
    await user.click(await screen.findByRole('button', { name: 'Activar notificaciones push' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG_PUSH_SIN_PERMISO);
  });

  it('shows the server’s refusal and stays off', async () => {
    signIn('supervisor');
    const nav = navegadorConPush();
    mockPush();
    server.use(http.post('/api/push/subscriptions', () => fail(400, 'La dirección del servicio de notificaciones no está permitida')));
    const { user } = renderWithProviders(<PushNavegador avisoConexionId="aviso-conexion" />);
    await user.click(await screen.findByRole('button', { name: 'Activar notificaciones push' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('La dirección del servicio de notificaciones no está permitida');
    expect(screen.getByRole('button', { name: 'Activar notificaciones push' })).toBeInTheDocument();
    expect(nav.pushManager.suscripcion).toBeNull();
  });
});

describe('the bell panel on a page that is not a secure context', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the notification buttons, disabled, under the notice that says why', async () => {
    vi.stubGlobal('isSecureContext', false);
    signIn('supervisor');
    navegadorConPush({ permiso: 'denied' });
    renderWithProviders(<PanelNotificaciones />);
    expect(await screen.findByText('No hay notificaciones')).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(/^Esta conexión no es segura \(HTTPS\): /);
    for (const name of ['Activar notificaciones del navegador', 'Activar notificaciones push']) {
      expect(screen.getByRole('button', { name })).toBeDisabled();
      expect(screen.getByRole('button', { name })).toHaveAccessibleDescription(/Pida al administrador la dirección https:\/\/localhost$/);
    }
  });
});
