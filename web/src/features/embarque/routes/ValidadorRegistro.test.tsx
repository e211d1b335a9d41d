import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EstadisticasEmbarque } from '@/api/embarque';
import { signIn } from '@/testing/fixtures';
import { mockDispositivos } from '@/testing/handlers/dispositivos';
import { renderApp } from '@/testing/render';
import { ok, server } from '@/testing/server';

// jsdom has no IndexedDB: this phone's registration lives in a map.
const entradas = vi.hoisted(() => new Map<string, unknown>());
vi.mock('@/lib/dispositivoAlmacen', () => ({
  leerEntrada: async (entrada: string) => entradas.get(entrada),
  escribirEntradas: async (nuevas: Record<string, unknown>) => {
    for (const [entrada, valor] of Object.entries(nuevas)) {
      if (valor === undefined) entradas.delete(entrada);
      else entradas.set(entrada, valor);
    }
  },
}));

const ESTADISTICAS: EstadisticasEmbarque = { hoy: { total: 0, embarcados: 0, pendientes: 0 }, usuario: { validados_hoy: 0 } };
const AVISO = 'Este teléfono no está registrado: sin registro no podrá validar pasajes si se corta la conexión.';

describe('the validator registers its own phone', () => {
  beforeEach(() => {
    entradas.clear();
    server.use(http.get('/api/pasajes/estadisticas-embarque', () => ok(ESTADISTICAS)));
    signIn('lancha');
  });

  it('offers a crew member to register an unregistered phone, as the sale screen does', async () => {
    const writes = mockDispositivos();
    const { user } = renderApp('/admin/validador');
    // rendered once the screen is painted, from a chunk of its own (slow to transform under load)
    expect(await screen.findByText(AVISO, {}, { timeout: 15_000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Registrar este dispositivo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Registrar este dispositivo' });
    await user.type(within(dialog).getByLabelText(/Nombre del dispositivo/), 'Celular de proa');
    await user.click(within(dialog).getByRole('button', { name: 'Registrar' }));
    expect(await screen.findByText('Dispositivo registrado con el código R2D2')).toBeInTheDocument();
    expect(writes).toEqual([{ method: 'POST', path: '/api/dispositivos', clave: expect.any(String),
      body: { nombre: 'Celular de proa', clave_publica: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) } }]);
    // registered: the phone keeps its keys and the notice goes
    expect(entradas.get('actual')).toMatchObject({ codigo: 'R2D2' });
    await waitFor(() => expect(screen.queryByText(AVISO)).not.toBeInTheDocument());
  });
});

describe('the validator on a page that is not a secure context', () => {
  const INSEGURA = /^Esta conexión no es segura \(HTTPS\): .* Pida al administrador la dirección https:\/\/localhost$/;

  beforeEach(() => {
    entradas.clear();
    server.use(http.get('/api/pasajes/estadisticas-embarque', () => ok(ESTADISTICAS)));
    signIn('lancha');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('boards by hand, with the camera and the registration disabled and the notice saying why', async () => {
    vi.stubGlobal('isSecureContext', false);
    mockDispositivos();
    renderApp('/admin/validador');
    expect(await screen.findByRole('note')).toHaveTextContent('no puede vender sin conexión, usar la cámara ni recibir notificaciones');
    expect(screen.getByRole('radio', { name: 'Cámara' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Manual' })).toBeChecked();
    expect(screen.getByRole('radiogroup', { name: 'Modo de validación' })).toHaveAccessibleDescription(INSEGURA);
    expect(screen.getByLabelText(/Código del pasaje/)).toBeInTheDocument();
    // the notice says why: no second note of a missing camera
    expect(screen.queryByText('Modo manual')).not.toBeInTheDocument();
    expect(await screen.findByText(AVISO, {}, { timeout: 15_000 })).toBeInTheDocument();
    const registrar = screen.getByRole('button', { name: 'Registrar este dispositivo' });
    expect(registrar).toBeDisabled();
    expect(registrar).toHaveAccessibleDescription(INSEGURA);
  });

  it('on a secure page, shows no notice and offers the camera and the registration', async () => {
    vi.stubGlobal('isSecureContext', true);
    mockDispositivos();
    renderApp('/admin/validador');
    expect(await screen.findByText(AVISO, {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Registrar este dispositivo' })).toBeEnabled();
    expect(screen.getByRole('radio', { name: 'Cámara' })).toBeEnabled();
    expect(screen.queryByText(/Esta conexión no es segura/)).not.toBeInTheDocument();
  });
});
