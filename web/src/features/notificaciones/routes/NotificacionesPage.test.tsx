import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signIn } from '@/testing/fixtures';
import { makeNotificacion, notificacionesHandlers } from '@/testing/handlers/notificaciones';
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
