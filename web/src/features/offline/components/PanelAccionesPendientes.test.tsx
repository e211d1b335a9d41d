import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accionOffline, colaEnMemoria, pasajeEnCola, ponerEnCola, ventaOffline } from '@/testing/colaOffline';
import { signIn } from '@/testing/fixtures';
import { makeRegistro } from '@/testing/handlers/dispositivos';
import { mockSync } from '@/testing/handlers/sincronizacion';
import { renderApp } from '@/testing/render';

// jsdom has no IndexedDB: the queue lives in memory with the same rules (testing/colaOffline).
vi.mock('@/lib/offline/cola', async () => (await import('@/testing/colaOffline')).colaEnMemoria);
// The worker's own schedule (1 s after start, every 30 s) is tested with the worker; here only the buttons send.
vi.mock('@/lib/offline/sincronizador', async (original) => ({
  ...await original<typeof import('@/lib/offline/sincronizador')>(), iniciarSincronizador: () => () => undefined,
}));
vi.mock('@/lib/dispositivo', async (original) => {
  const local = await (await import('@/testing/handlers/dispositivos')).makeDispositivoLocal();
  return { ...(await original<typeof import('@/lib/dispositivo')>()), dispositivoActual: async () => local };
});

const MOTIVO = 'El pasaje estaba cancelado: el embarque queda como conflicto para el supervisor';
const ESPERA = 'El pasaje todavía no llegó al servidor desde el dispositivo que lo vendió: se reintentará';

/** A sale of two tickets and a boarding by number, pending, and a boarding by QR the server refused. */
function cola() {
  return [
    ventaOffline(
      { caja_id: 7, pasajes: [pasajeEnCola('LD-R2D2-20261126-1'), pasajeEnCola('LD-R2D2-20261126-2')] },
      { ocurrido_en: Date.parse('2026-11-26T12:40:00Z') },
    ),
    accionOffline({ ocurrido_en: Date.parse('2026-11-26T13:05:00Z'), datos: { codigo: 'LD-20261126-000041' }, motivo: ESPERA, intentos: 1 }),
    accionOffline({ ocurrido_en: Date.parse('2026-11-26T13:10:00Z'), datos: { codigo: 'MUELLE1.e30.firma' }, estado: 'fallida', motivo: MOTIVO, intentos: 1 }),
  ];
}

function renderShell() {
  signIn('vendedor', { nombre: 'Juan', apellido: 'Gómez' });
  return renderApp('/admin/dashboard');
}

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

const badge = () => screen.getByRole('button', { name: /pendientes?: ver acciones sin sincronizar$/ });

describe('the offline queue in the header', () => {
  beforeEach(() => {
    ponerEnCola([]);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('counts the queue in the badge and lists each action with its kind, time, state and reason', async () => {
    ponerEnCola(cola());
    const { user } = renderShell();

    await waitFor(() => expect(badge()).toHaveTextContent('En línea · 3 pendientes'));
    expect(badge()).toHaveAccessibleName('En línea · 3 pendientes: ver acciones sin sincronizar');
    await user.click(badge());

    const panel = await screen.findByRole('dialog', { name: 'Acciones sin sincronizar' });
    const items = within(within(panel).getByRole('list', { name: 'Acciones en la cola' })).getAllByRole('listitem');
    expect(items.map((li) => li.getAttribute('aria-label'))).toEqual([
      'Venta del 26/11/2026 09:40, Pendiente',
      'Embarque del 26/11/2026 10:05, Pendiente',
      'Embarque del 26/11/2026 10:10, Fallida',
    ]);
    expect(items[0]).toHaveTextContent('2 pasajes · LD-R2D2-20261126-1…');
    expect(items[1]).toHaveTextContent('Pasaje LD-20261126-000041');
    expect(items[1]).toHaveTextContent(`Último intento: ${ESPERA}`);
    expect(items[2]).toHaveTextContent('Código QR escaneado');
    expect(items[2]).toHaveTextContent(`Motivo: ${MOTIVO}`);
    expect(within(items[0]).queryByRole('button', { name: /Reintentar/ })).not.toBeInTheDocument();
    expect(within(items[2]).getByRole('button', { name: 'Reintentar embarque del 26/11/2026 10:10' })).toBeInTheDocument();
  });

  it('syncs now: the applied actions leave, the toast counts them, the refused one stays', async () => {
    const acciones = cola();
    ponerEnCola(acciones);
    const lotes = mockSync();
    const { user } = renderShell();
    await waitFor(() => expect(badge()).toHaveTextContent('3 pendientes'));
    await user.click(badge());
    const panel = await screen.findByRole('dialog', { name: 'Acciones sin sincronizar' });

    await user.click(within(panel).getByRole('button', { name: 'Sincronizar ahora' }));

    expect(await screen.findByText('2 acciones sincronizadas correctamente')).toBeInTheDocument();
    expect(lotes).toHaveLength(1);
    expect(lotes[0].certificado).toBe(makeRegistro().certificado);
    expect(lotes[0].acciones.map((a) => a.id)).toEqual([acciones[0].id, acciones[1].id]);
    await waitFor(() => expect(badge()).toHaveTextContent('1 pendiente'));
    expect(within(panel).getAllByRole('listitem')).toHaveLength(1);
    // Only a refused action left: nothing to send until it is retried.
    expect(within(panel).getByRole('button', { name: 'Sincronizar ahora' })).toBeDisabled();
  });

  it('retries a refused action: sent again, and gone once applied', async () => {
    const acciones = cola();
    ponerEnCola([acciones[2]]);
    const lotes = mockSync();
    const { user } = renderShell();
    await waitFor(() => expect(badge()).toHaveTextContent('1 pendiente'));
    await user.click(badge());
    const panel = await screen.findByRole('dialog', { name: 'Acciones sin sincronizar' });

    await user.click(within(panel).getByRole('button', { name: /^Reintentar/ }));

    expect(await screen.findByText('1 acción sincronizada correctamente')).toBeInTheDocument();
    expect(lotes.map((l) => l.acciones.map((a) => a.id))).toEqual([[acciones[2].id]]);
    expect(await within(panel).findByText('No hay acciones pendientes')).toBeInTheDocument();
    expect(badge()).toHaveTextContent('0 pendientes');
  });

  it('shows the toast of a batch refused whole and keeps it pending', async () => {
    ponerEnCola([cola()[1]]);
    mockSync({ rechazarLote: 'El certificado del dispositivo es de otra empresa' });
    const { user } = renderShell();
    await waitFor(() => expect(badge()).toHaveTextContent('1 pendiente'));
    await user.click(badge());
    const panel = await screen.findByRole('dialog', { name: 'Acciones sin sincronizar' });

    await user.click(within(panel).getByRole('button', { name: 'Sincronizar ahora' }));

    expect(await screen.findByText('Error sincronizando datos offline')).toBeInTheDocument();
    expect(screen.getByText('El certificado del dispositivo es de otra empresa')).toBeInTheDocument();
    expect((await colaEnMemoria.accionesEnCola())[0].estado).toBe('pendiente');
    expect(badge()).toHaveTextContent('1 pendiente');
  });

  it('offline, says the actions will go when the link returns and does not offer to sync', async () => {
    ponerEnCola([cola()[1]]);
    const { user } = renderShell();
    setOnline(false);
    await waitFor(() => expect(badge()).toHaveTextContent('Sin conexión · 1 pendiente'));
    await user.click(badge());
    const panel = await screen.findByRole('dialog', { name: 'Acciones sin sincronizar' });
    expect(within(panel).getByText(/las acciones se enviarán solas cuando vuelva la conexión/)).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Sincronizar ahora' })).toBeDisabled();
  });

  it('asks before a logout with actions in the queue, and the queue survives it', async () => {
    const acciones = cola();
    ponerEnCola(acciones);
    const { user } = renderShell();
    await waitFor(() => expect(badge()).toHaveTextContent('3 pendientes'));

    await user.click(screen.getByRole('button', { name: 'Cerrar sesión' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cerrar sesión' });
    expect(dialog).toHaveTextContent('Hay 3 acciones sin sincronizar en este dispositivo. Quedan guardadas y se enviarán cuando vuelva a iniciar sesión aquí con conexión.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Cerrar sesión' })).not.toBeInTheDocument());
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/dashboard');

    await user.click(screen.getByRole('button', { name: 'Cerrar sesión' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Cerrar sesión' })).getByRole('button', { name: 'Cerrar sesión' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/login'));
    expect((await colaEnMemoria.accionesEnCola()).map((a) => a.id)).toEqual(acciones.map((a) => a.id));
  });

  it('logs out at once when nothing is queued', async () => {
    const { user } = renderShell();
    await user.click(await screen.findByRole('button', { name: 'Cerrar sesión' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/login'));
  });

  it('warns while the device clock is off by more than 2 minutes', async () => {
    ponerEnCola([], 7 * 60_000);
    renderShell();
    expect(await screen.findByText('La hora de este dispositivo no es correcta')).toBeInTheDocument();
    expect(screen.getByText(/El reloj de este dispositivo está adelantado 7 minutos respecto del servidor/)).toBeInTheDocument();

    act(() => ponerEnCola([], 30_000));
    await waitFor(() => expect(screen.queryByText('La hora de este dispositivo no es correcta')).not.toBeInTheDocument());
  });
});
