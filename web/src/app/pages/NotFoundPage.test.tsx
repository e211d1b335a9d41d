import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/render';
import { greetingFor } from './NotFoundPage';

describe('greetingFor', () => {
  it.each([
    [0, 'Buenos días'],
    [11, 'Buenos días'],
    [12, 'Buenas tardes'],
    [17, 'Buenas tardes'],
    [18, 'Buenas noches'],
    [23, 'Buenas noches'],
  ])('at %i h says %s', (hour, greeting) => {
    expect(greetingFor(hour)).toBe(greeting);
  });
});

describe('NotFoundPage', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each([
    [new Date(2026, 10, 22, 11, 59), 'Buenos días'],
    [new Date(2026, 10, 22, 12, 0), 'Buenas tardes'],
    [new Date(2026, 10, 22, 18, 0), 'Buenas noches'],
  ])('greets by the clock (%s)', (now, greeting) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
    renderApp('/no-existe');
    expect(screen.getByRole('heading', { name: 'Página no encontrada' })).toBeInTheDocument();
    expect(screen.getByText(greeting)).toBeInTheDocument();
  });

  it('goes back with Volver', async () => {
    const { user } = renderApp(['/unauthorized', '/ruta/perdida']);
    await user.click(screen.getByRole('button', { name: 'Volver' }));
    expect(await screen.findByRole('heading', { name: 'Acceso No Autorizado' })).toBeInTheDocument();
  });

  it('offers the dashboard, which asks anonymous users to log in', async () => {
    const { user } = renderApp('/no-existe');
    await user.click(screen.getByRole('link', { name: 'Ir al Dashboard' }));
    expect(await screen.findByLabelText('Usuario')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/login');
  });
});

describe('UnauthorizedPage', () => {
  it('explains and links to the login and the dashboard', () => {
    renderApp('/unauthorized');
    expect(screen.getByRole('heading', { name: 'Acceso No Autorizado' })).toBeInTheDocument();
    expect(screen.getByText(/Inicia sesión con una cuenta autorizada/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Ir al Dashboard' })).toHaveAttribute('href', '/dashboard');
  });
});
