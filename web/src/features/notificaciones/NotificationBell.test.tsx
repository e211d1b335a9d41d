import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signIn } from '@/testing/fixtures';
import { makeNotificacion, notificacionesHandlers } from '@/testing/handlers/notificaciones';
import { renderWithProviders } from '@/testing/render';
import { server } from '@/testing/server';
import { etiquetaNoLeidas, NotificationBell, PanelNotificaciones } from './NotificationBell';

function conNotificaciones(n: number) {
  const mock = notificacionesHandlers(Array.from({ length: n }, (_, i) => makeNotificacion(n - i)));
  server.use(...mock.handlers);
  return mock;
}

describe('NotificationBell', () => {
  it('shows the unread count, 9+ above 9', async () => {
    expect(etiquetaNoLeidas(0)).toBe('0');
    expect(etiquetaNoLeidas(9)).toBe('9');
    expect(etiquetaNoLeidas(10)).toBe('9+');
    signIn('admin');
    conNotificaciones(10);
    renderWithProviders(<NotificationBell />);
    expect(await screen.findByRole('button', { name: 'Notificaciones: 10 sin leer' })).toBeInTheDocument();
    expect(screen.getByText('9+')).toBeInTheDocument();
  });

  it('is a button that opens the panel (aria-haspopup, aria-expanded) and shows no count when nothing is unread', async () => {
    signIn('admin');
    conNotificaciones(0);
    const { user, container } = renderWithProviders(<NotificationBell />);
    const bell = await screen.findByRole('button', { name: 'Notificaciones' });
    expect(bell).toHaveAttribute('aria-haspopup', 'dialog');
    expect(bell).toHaveAttribute('aria-expanded', 'false');
    expect(container.querySelector('[aria-expanded]')).toBe(bell);
    expect(screen.queryByText('0')).not.toBeInTheDocument();
    await user.click(bell);
    expect(bell).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByText('No hay notificaciones')).toBeInTheDocument();
  });

  it('marks one read, marks all read, dismisses and clears from the panel', async () => {
    signIn('admin');
    const mock = conNotificaciones(10);
    const { user } = renderWithProviders(<><NotificationBell /><PanelNotificaciones /></>);
    expect(await screen.findByText('9+')).toBeInTheDocument();
    expect(screen.getByText('Desconectado')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reconectar' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Marcar como leída: Nueva venta 10' }));
    expect(await screen.findByRole('button', { name: 'Notificaciones: 9 sin leer' })).toBeInTheDocument();
    expect(mock.lista().find((n) => n.id === 10)?.leida).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Descartar: Nueva venta 9' }));
    await waitFor(() => expect(screen.queryByText('Nueva venta 9')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Marcar todas como leídas' }));
    expect(await screen.findByRole('button', { name: 'Notificaciones' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Limpiar todas' }));
    expect(await screen.findByText('No hay notificaciones')).toBeInTheDocument();
    expect(mock.lista()).toHaveLength(0);
  });

  it('shows the date as dd/MM/yyyy a las HH:mm and says when the browser cannot notify', async () => {
    signIn('supervisor');
    conNotificaciones(1);
    renderWithProviders(<PanelNotificaciones />);
    expect(await screen.findByText('22/11/2026 a las 11:05')).toBeInTheDocument();
    // jsdom has no Notification API
    expect(screen.getByText('Las notificaciones no están soportadas en este navegador')).toBeInTheDocument();
  });
});
