import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '@/testing/fixtures';
import { makeNotificacion, notificacionesHandlers } from '@/testing/handlers/notificaciones';
import { navegadorConPush } from '@/testing/push';
import { renderWithProviders } from '@/testing/render';
import { server } from '@/testing/server';
import { NotificacionesPage } from './NotificacionesPage';

describe('NotificacionesPage', () => {
  it('shows the unread count beside the title, and no badge when nothing is unread', async () => {
    signIn('admin');
    const mock = notificacionesHandlers([makeNotificacion(2), makeNotificacion(1, { leida: true })]);
    server.use(...mock.handlers);
    const { user } = renderWithProviders(<NotificacionesPage />);
    expect(await screen.findByLabelText('1 sin leer')).toHaveTextContent('1');

    await user.click(screen.getByRole('button', { name: 'Marcar todas como leídas' }));
    expect(await screen.findByRole('button', { name: 'Marcar todas como leídas' })).toBeDisabled();
    expect(screen.queryByLabelText(/sin leer/)).not.toBeInTheDocument();
  });
});

describe('NotificacionesPage on a page that is not a secure context', () => {
  afterEach(() => vi.unstubAllGlobals());

  /** The page with no notifications, the browser's permission `permiso`. */
  function renderPagina(permiso: NotificationPermission) {
    signIn('admin');
    server.use(...notificacionesHandlers([]).handlers);
    navegadorConPush({ permiso });
    renderWithProviders(<NotificacionesPage />);
  }

  it('keeps both notification buttons, disabled, and the notice says why (not a block the user made)', async () => {
    vi.stubGlobal('isSecureContext', false);
    // Chromium reads an insecure page's permission as denied, without ever asking
    renderPagina('denied');
    expect(await screen.findByText('No hay notificaciones')).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('ni recibir notificaciones. Pida al administrador la dirección https://localhost');
    for (const name of ['Activar notificaciones del navegador', 'Activar notificaciones push']) {
      const boton = screen.getByRole('button', { name });
      expect(boton).toBeDisabled();
      expect(boton).toHaveAccessibleDescription(/^Esta conexión no es segura \(HTTPS\): /);
    }
    expect(screen.queryByText(/bloqueó/)).not.toBeInTheDocument();
  });

  it('on a secure page, shows no notice and both buttons work', async () => {
    vi.stubGlobal('isSecureContext', true);
    renderPagina('default');
    expect(await screen.findByRole('button', { name: 'Activar notificaciones push' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Activar notificaciones del navegador' })).toBeEnabled();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });
});
