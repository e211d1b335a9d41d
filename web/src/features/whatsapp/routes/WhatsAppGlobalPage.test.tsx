import { act, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WHATSAPP_REFRESCO_MS } from '@/api/whatsapp';
import { formatDateTime } from '@/lib/format';
import { signIn } from '@/testing/fixtures';
import { ok } from '@/testing/http';
import { makeEstadoEmpresa, QR_DATA_URL, whatsappGlobalHandlers } from '@/testing/handlers/whatsapp';
import { renderWithProviders } from '@/testing/render';
import { server } from '@/testing/server';
import { WhatsAppGlobalPage } from './WhatsAppGlobalPage';

const EMPRESAS = [
  makeEstadoEmpresa(),
  makeEstadoEmpresa({
    empresa_id: 2, empresa_nombre: 'Lanchas del Río Luján', conectado: true, status: 'connected', numero_vinculado: '5493515551234',
    mensajes_enviados: 30,
  }),
  makeEstadoEmpresa({
    empresa_id: 3, empresa_nombre: '', status: 'disconnected', conectado: false, numero_vinculado: '', mensajes_enviados: 0,
    ultima_conexion: null, error: 'La sesión fue cerrada desde el teléfono',
  }),
];

function renderPage(empresas = EMPRESAS) {
  signIn('super_admin');
  const mock = whatsappGlobalHandlers(empresas);
  server.use(...mock.handlers);
  return { ...renderWithProviders(<WhatsAppGlobalPage />), mock };
}

afterEach(() => vi.useRealTimers());

describe('WhatsAppGlobalPage', () => {
  it('sums the companies up and shows each one: name or number, state, linked number, messages, last connection, error', async () => {
    renderPage();
    const delta = await screen.findByRole('region', { name: 'Lanchas del Delta' });
    expect(screen.getByRole('group', { name: 'Conectados' })).toHaveTextContent('2');
    expect(screen.getByRole('group', { name: 'Desconectados' })).toHaveTextContent('1');
    expect(screen.getByRole('group', { name: 'Total Empresas' })).toHaveTextContent('3');
    expect(screen.getByRole('group', { name: 'Mensajes Totales' })).toHaveTextContent('150');

    expect(delta).toHaveTextContent('Conectado');
    expect(delta).toHaveTextContent('Número: 5491155551234');
    expect(delta).toHaveTextContent('Mensajes enviados: 120');
    expect(delta).toHaveTextContent(`Última conexión: ${formatDateTime('2026-11-20T13:05:00Z')}`);
    expect(formatDateTime('2026-11-20T13:05:00Z')).toMatch(/^20\/11\/2026 \d\d:05$/);
    expect(within(delta).getByRole('button', { name: 'Desconectar' })).toBeInTheDocument();

    const sinNombre = screen.getByRole('region', { name: 'Empresa 3' });
    expect(sinNombre).toHaveTextContent('Desconectado');
    expect(sinNombre).toHaveTextContent('Número: Sin vincular');
    expect(sinNombre).toHaveTextContent('Última conexión: Nunca');
    expect(sinNombre).toHaveTextContent('La sesión fue cerrada desde el teléfono');
    expect(within(sinNombre).getByRole('button', { name: 'Inicializar' })).toBeInTheDocument();
  });

  it('disconnects a company after the confirmation, and says when it could not', async () => {
    const { user, mock } = renderPage();
    await user.click(within(await screen.findByRole('region', { name: 'Lanchas del Delta' })).getByRole('button', { name: 'Desconectar' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Desconectar Lanchas del Delta' });
    expect(dialogo).toHaveTextContent('¿Está seguro de desconectar WhatsApp para esta empresa?');
    await user.click(within(dialogo).getByRole('button', { name: 'Cancelar' }));
    expect(mock.llamadas).toHaveLength(0);

    await user.click(within(screen.getByRole('region', { name: 'Lanchas del Delta' })).getByRole('button', { name: 'Desconectar' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Desconectar Lanchas del Delta' })).getByRole('button', { name: 'Desconectar' }));
    expect(await screen.findByText('WhatsApp desconectado correctamente')).toBeInTheDocument();
    expect(mock.llamadas).toEqual([{ ruta: 'disconnect', body: { empresaId: 1 } }]);

    await user.click(within(screen.getByRole('region', { name: 'Lanchas del Río Luján' })).getByRole('button', { name: 'Desconectar' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Desconectar Lanchas del Río Luján' })).getByRole('button', { name: 'Desconectar' }));
    expect(await screen.findByText('Error al desconectar WhatsApp: Error interno')).toBeInTheDocument();
  });

  it('initializes a company and shows its QR in a window titled with its name, with the linking steps', async () => {
    const { user, mock } = renderPage();
    await user.click(within(await screen.findByRole('region', { name: 'Empresa 3' })).getByRole('button', { name: 'Inicializar' }));
    expect(await screen.findByText('WhatsApp inicializado correctamente')).toBeInTheDocument();
    const modal = await screen.findByRole('dialog', { name: 'Empresa 3' });
    expect(within(modal).getByRole('img', { name: 'Código QR para vincular WhatsApp' })).toHaveAttribute('src', QR_DATA_URL);
    for (const paso of ['Abre WhatsApp en el teléfono de la empresa.', 'Toca Menú o Configuración.', 'Toca Dispositivos vinculados.',
      'Toca Vincular un dispositivo.', 'Apunta el teléfono a esta pantalla para escanear el código.']) {
      expect(within(modal).getByText(paso)).toBeInTheDocument();
    }
    expect(mock.llamadas).toEqual([{ ruta: 'initialize', body: { empresaId: 3 } }]);
  });

  it('says when no company is configured', async () => {
    renderPage([]);
    expect(await screen.findByText('No hay empresas configuradas')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Total Empresas' })).toHaveTextContent('0');
  });

  it('reads the companies again every 30 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signIn('super_admin');
    let lecturas = 0;
    server.use(http.get('/api/whatsapp/status/all', () => ok(lecturas++ === 0 ? EMPRESAS : [])));
    renderWithProviders(<WhatsAppGlobalPage />);
    expect(await screen.findByRole('region', { name: 'Lanchas del Delta' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(WHATSAPP_REFRESCO_MS - 1000));
    expect(lecturas).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await waitFor(() => expect(screen.getByText('No hay empresas configuradas')).toBeInTheDocument());
  });
});
