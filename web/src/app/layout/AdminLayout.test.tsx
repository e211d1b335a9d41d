import { act, fireEvent, screen, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '@/testing/fixtures';
import { fakeMediaQueryList } from '@/testing/media';
import { renderApp } from '@/testing/render';
import { ok, server } from '@/testing/server';

function renderAdmin(rol: string) {
  signIn(rol, { nombre: 'Juan', apellido: 'Gómez' });
  return renderApp('/admin/dashboard');
}

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

describe('AdminLayout', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows the company, its logo, the user and the role in the header', async () => {
    server.use(http.get('/api/config/empresa', () => ok({ id: 1, nombre: 'Lanchas del Delta', logo_url: '/logo.png' })));
    renderAdmin('lancha');
    const header = screen.getByRole('banner');
    expect(await within(header).findByRole('img', { name: 'Logo de Lanchas del Delta' })).toHaveAttribute('src', '/logo.png');
    expect(within(header).getByText('Lanchas del Delta')).toBeInTheDocument();
    expect(within(header).getByText('Juan Gómez')).toBeInTheDocument();
    expect(within(header).getByText('Personal de Embarque')).toBeInTheDocument();
  });

  it('shows the menu of the role', () => {
    renderAdmin('super_admin');
    const nav = screen.getByRole('navigation', { name: 'Menú principal' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/admin/dashboard');
    expect(within(nav).getByRole('link', { name: 'Gestión de Roles' })).toHaveAttribute('href', '/admin/gestion-roles');
  });

  it('hides entries of other roles', () => {
    renderAdmin('vendedor');
    const nav = screen.getByRole('navigation', { name: 'Menú principal' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Gestión de Roles' })).not.toBeInTheDocument();
  });

  it('shows the connection state with the pending count and toasts on changes', async () => {
    renderAdmin('vendedor');
    const badge = () => screen.getByRole('button', { name: /pendientes?: ver acciones sin sincronizar$/ });
    expect(badge()).toHaveTextContent('En línea · 0 pendientes');
    expect(badge()).toHaveAccessibleName('En línea · 0 pendientes: ver acciones sin sincronizar');

    setOnline(false);
    expect(badge()).toHaveTextContent('Sin conexión · 0 pendientes');
    expect(await screen.findByText('Sin conexión a Internet')).toBeInTheDocument();

    setOnline(true);
    expect(badge()).toHaveTextContent('En línea');
    expect(await screen.findByText('Conexión restablecida')).toBeInTheDocument();
  });

  it('says one connection state in the header: never \'Sin conexión\' beside the live updates\' state', async () => {
    renderAdmin('admin');
    const header = screen.getByRole('banner');
    const estados = /En línea|Sin conexión|Conectado|Conectando|Desconectado/;
    expect(within(header).getAllByText(estados).map((e) => e.textContent)).toEqual(['En línea · 0 pendientes']);
    setOnline(false);
    expect(within(header).getAllByText(estados).map((e) => e.textContent)).toEqual(['Sin conexión · 0 pendientes']);
    expect(within(header).queryByRole('status', { name: /^Tiempo real/ })).not.toBeInTheDocument();
    setOnline(true);
  });

  it("warns right after the login when this device's clock is hours off the server's", async () => {
    server.use(http.get('/api/health', () =>
      ok({ status: 'ok', database: 'ok' }, { headers: { Date: new Date(Date.now() - 3 * 3600_000).toUTCString() } })));
    renderAdmin('vendedor');
    expect(await screen.findByText('La hora de este dispositivo no es correcta', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText(/El reloj de este dispositivo está adelantado 180 minutos respecto del servidor/)).toBeInTheDocument();
  });

  it('opens the menu with a swipe right and closes it with a swipe left on mobile', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation((query) => fakeMediaQueryList(query, query.includes('max-width')));
    renderAdmin('vendedor');
    const burger = screen.getByRole('button', { name: 'Abrir menú' });
    expect(burger).toHaveAttribute('aria-expanded', 'false');

    const swipe = (fromX: number, toX: number) => {
      fireEvent.touchStart(document, { touches: [{ clientX: fromX, clientY: 300 }] });
      fireEvent.touchEnd(document, { changedTouches: [{ clientX: toX, clientY: 305 }] });
    };

    swipe(10, 40);
    expect(burger).toHaveAttribute('aria-expanded', 'false');
    swipe(10, 70);
    expect(await screen.findByRole('button', { name: 'Cerrar menú' })).toHaveAttribute('aria-expanded', 'true');
    swipe(200, 140);
    expect(await screen.findByRole('button', { name: 'Abrir menú' })).toHaveAttribute('aria-expanded', 'false');
  });
});
