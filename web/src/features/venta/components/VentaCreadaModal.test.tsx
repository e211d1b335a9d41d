import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { VentaCreada } from '@/api/pasajes';
import { makePasaje, signIn } from '@/testing/fixtures';
import { envioPasajes, mensajesDePasaje } from '@/testing/handlers/correo';
import { envioWhatsApp, MSG_NUMERO_INVALIDO, NUMERO_INVALIDO } from '@/testing/handlers/whatsapp';
import { cambioEstado, canalesEnvio, signInSupervisor } from '@/testing/handlers/pasajes';
import { renderWithProviders } from '@/testing/render';
import { server } from '@/testing/server';
import { ANULAR_VENTA_MS, VentaCreadaModal } from './VentaCreadaModal';

const venta: VentaCreada = {
  pasajes: [makePasaje({ id: 41, numero_pasaje: 'LD-41' }), makePasaje({ id: 42, numero_pasaje: 'LD-42' })],
  total: 9000,
};

describe('VentaCreadaModal', () => {
  it('undoes the whole sale after one confirmation: every ticket through the cancel API', async () => {
    signInSupervisor();
    const cancelar = cambioEstado('cancelar', venta.pasajes[0]);
    server.use(cancelar.handler);
    const onClose = vi.fn();
    const { user } = renderWithProviders(<VentaCreadaModal venta={venta} onClose={onClose} />);
    await user.click(await screen.findByRole('button', { name: 'Anular esta venta' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Anular esta venta' });
    expect(dialogo).toHaveTextContent(/Anular la venta de 2 pasajes por \$\s9\.000,00/);
    expect(cancelar.llamadas).toHaveLength(0);
    await user.click(within(dialogo).getByRole('button', { name: 'Sí, anular la venta' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(cancelar.llamadas.map((l) => l.body)).toEqual([
      { motivo: 'Venta anulada desde el mostrador' },
      { motivo: 'Venta anulada desde el mostrador' },
    ]);
    expect(new Set(cancelar.llamadas.map((l) => l.key)).size).toBe(2);
    expect(await screen.findByText(/Venta anulada: 2 pasajes cancelados/)).toBeInTheDocument();
  });

  it('names the tickets that could not be cancelled and keeps the dialog open', async () => {
    signInSupervisor();
    server.use(cambioEstado('cancelar', venta.pasajes[0], { status: 400, message: 'Debes abrir una caja para registrar la devolución' }).handler);
    const onClose = vi.fn();
    const { user } = renderWithProviders(<VentaCreadaModal venta={venta} onClose={onClose} />);
    await user.click(await screen.findByRole('button', { name: 'Anular esta venta' }));
    await user.click(await screen.findByRole('button', { name: 'Sí, anular la venta' }));
    const alerta = await screen.findByRole('alert');
    expect(alerta).toHaveTextContent('2 pasajes no se pudieron anular');
    expect(alerta).toHaveTextContent('LD-41: Debes abrir una caja para registrar la devolución');
    expect(screen.getByRole('button', { name: 'Reintentar anulación' })).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('offers the undo to a seller without pasajes.anular for five minutes only; Imprimir opens the print window', async () => {
    signIn('vendedor', { rolInfo: { nombre: 'vendedor', permisos: { pasajes: { crear: true, imprimir: true } } } });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { user } = renderWithProviders(<VentaCreadaModal venta={venta} onClose={vi.fn()} />);
    expect(await screen.findByText(/Se crearon 2 pasajes/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Anular esta venta' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(ANULAR_VENTA_MS));
    expect(screen.queryByRole('button', { name: 'Anular esta venta' })).not.toBeInTheDocument();
    vi.useRealTimers();
    await user.click(screen.getByRole('button', { name: 'Imprimir' }));
    expect(open).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Por favor, permite ventanas emergentes para la impresión')).toBeInTheDocument();
    open.mockRestore();
  });

  it('offers the validator only to a role that may validate', async () => {
    signInSupervisor();
    const { user, unmount } = renderWithProviders(<VentaCreadaModal venta={venta} onClose={vi.fn()} />);
    await user.click(await screen.findByRole('button', { name: 'Ver Códigos de Validación' }));
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    await user.click(await screen.findByRole('button', { name: 'Abrir Validador' }));
    expect(open).toHaveBeenCalledWith('/validador', 'validador', expect.stringContaining('width='));
    open.mockRestore();
    unmount();

    signIn('vendedor');
    const vendedor = renderWithProviders(<VentaCreadaModal venta={venta} onClose={vi.fn()} />);
    await vendedor.user.click(await screen.findByRole('button', { name: 'Ver Códigos de Validación' }));
    expect(await screen.findByRole('button', { name: 'Listo' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Abrir Validador' })).not.toBeInTheDocument();
  });

  it('sends the sale by e-mail: checks the address, one call with every ticket and a key kept across retries', async () => {
    signIn('vendedor');
    const envio = envioPasajes(503, 'Servicio no disponible');
    server.use(envio.handler);
    const onClose = vi.fn();
    const { user } = renderWithProviders(<VentaCreadaModal venta={venta} onClose={onClose} />);
    await user.click(await screen.findByRole('button', { name: 'Enviar por Email' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Enviar por Email' });
    const campo = within(dialogo).getByLabelText('Email del pasajero');
    await user.clear(campo);
    await user.type(campo, 'sin-arroba');
    await user.click(within(dialogo).getByRole('button', { name: 'Enviar' }));
    expect(await within(dialogo).findByText('Por favor ingresa un email válido')).toBeInTheDocument();
    expect(envio.llamadas).toHaveLength(0);

    await user.clear(campo);
    await user.type(campo, 'ana@example.com');
    await user.click(within(dialogo).getByRole('button', { name: 'Enviar' }));
    expect(await within(dialogo).findByText('Servicio no disponible')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();

    const ok = envioPasajes();
    server.use(ok.handler, ...mensajesDePasaje(41, [{ ...ok.mensaje, estado: 'enviado', enviado_at: '2026-11-20T13:00:05Z' }]).handlers);
    await user.click(within(dialogo).getByRole('button', { name: 'Enviar' }));
    expect(ok.llamadas[0].body).toEqual({ email: 'ana@example.com', pasajeIds: [41, 42], cliente: venta.pasajes[0].cliente_nombre });
    expect(ok.llamadas[0].key).toBe(envio.llamadas[0].key);
    // The outbox's state of the mail, as the server has it now.
    const estado = await within(dialogo).findByRole('region', { name: 'Estado del envío' });
    expect(estado).toHaveTextContent('Email a ana@example.com');
    await waitFor(() => expect(estado).toHaveTextContent('Enviado'));
    expect(onClose).not.toHaveBeenCalled();
    await user.click(within(dialogo).getByRole('button', { name: 'Listo' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('sends each ticket by WhatsApp to the client\'s phone: a phone is required, the server\'s refusal is shown as is, then the pending state', async () => {
    signIn('vendedor');
    const conTelefono: VentaCreada = { ...venta, pasajes: venta.pasajes.map((p) => ({ ...p, cliente_telefono: '11 5555-1234' })) };
    const envio = envioWhatsApp();
    server.use(...envio.handlers);
    const onClose = vi.fn();
    const { user } = renderWithProviders(<VentaCreadaModal venta={conTelefono} onClose={onClose} />);
    await user.click(await screen.findByRole('button', { name: 'Enviar por WhatsApp' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Enviar por WhatsApp' });
    const campo = within(dialogo).getByLabelText('Teléfono del pasajero');
    expect(campo).toHaveValue('11 5555-1234');
    await user.clear(campo);
    await user.click(within(dialogo).getByRole('button', { name: 'Enviar' }));
    expect(await within(dialogo).findByText('Por favor ingresa un número de teléfono')).toBeInTheDocument();
    expect(envio.llamadas).toHaveLength(0);

    await user.type(campo, NUMERO_INVALIDO);
    await user.click(within(dialogo).getByRole('button', { name: 'Enviar' }));
    expect(await within(dialogo).findByText(MSG_NUMERO_INVALIDO)).toBeInTheDocument();
    // A refused number is not tried for the second ticket.
    expect(envio.llamadas.map((l) => l.pasajeId)).toEqual([41]);

    await user.clear(campo);
    await user.type(campo, '11 5555-1234');
    await user.click(within(dialogo).getByRole('button', { name: 'Enviar' }));
    const estado = await within(dialogo).findByRole('region', { name: 'Estado del envío' });
    expect(within(estado).getAllByText('Pendiente')).toHaveLength(2);
    expect(within(estado).getAllByText('WhatsApp a +5491155551234')).toHaveLength(2);
    expect(envio.llamadas.slice(1).map((l) => [l.pasajeId, l.body])).toEqual([[41, { telefono: '11 5555-1234' }], [42, { telefono: '11 5555-1234' }]]);
    expect(envio.llamadas[1].clave).toBe(envio.llamadas[0].clave);
    expect(envio.llamadas[2].clave).not.toBe(envio.llamadas[1].clave);
    await user.click(within(dialogo).getByRole('button', { name: 'Listo' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('after a partial WhatsApp failure says how many went and retries only the rest, with its key', async () => {
    signIn('vendedor');
    const falla = envioWhatsApp([42]);
    server.use(...falla.handlers);
    const { user } = renderWithProviders(<VentaCreadaModal venta={venta} onClose={vi.fn()} />);
    await user.click(await screen.findByRole('button', { name: 'Enviar por WhatsApp' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Enviar por WhatsApp' });
    await user.type(within(dialogo).getByLabelText('Teléfono del pasajero'), '11 5555-1234');
    await user.click(within(dialogo).getByRole('button', { name: 'Enviar' }));
    const alerta = await within(dialogo).findByRole('alert');
    expect(alerta).toHaveTextContent('1 enviados, 1 fallaron');
    expect(alerta).toHaveTextContent('LD-42: Servicio no disponible');

    const ok = envioWhatsApp();
    server.use(...ok.handlers);
    await user.click(within(dialogo).getByRole('button', { name: 'Reintentar' }));
    expect(await within(dialogo).findByRole('button', { name: 'Listo' })).toBeInTheDocument();
    expect(ok.llamadas.map((l) => l.pasajeId)).toEqual([42]);
    expect(ok.llamadas[0].clave).toBe(falla.llamadas[1].clave);
  });

  it('hides Enviar por WhatsApp when the company lacks the WhatsApp module', async () => {
    signIn('vendedor', { modulos: ['core', 'venta_pasajes', 'caja', 'email'] });
    renderWithProviders(<VentaCreadaModal venta={venta} onClose={vi.fn()} />);
    expect(await screen.findByRole('button', { name: 'Enviar por Email' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enviar por WhatsApp' })).not.toBeInTheDocument();
  });

  it('offers only the channels the company has working: e-mail configured and active, WhatsApp linked', async () => {
    signIn('vendedor');
    server.use(canalesEnvio({ email: false, whatsapp: true }));
    const { unmount } = renderWithProviders(<VentaCreadaModal venta={venta} onClose={vi.fn()} />);
    expect(await screen.findByRole('button', { name: 'Enviar por WhatsApp' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enviar por Email' })).not.toBeInTheDocument();
    unmount();

    server.use(canalesEnvio({ email: true, whatsapp: false }));
    renderWithProviders(<VentaCreadaModal venta={venta} onClose={vi.fn()} />);
    expect(await screen.findByRole('button', { name: 'Enviar por Email' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enviar por WhatsApp' })).not.toBeInTheDocument();
  });

  it('pre-fills the e-mail of the sale\'s customer', async () => {
    signIn('vendedor');
    const conEmail: VentaCreada = { ...venta, pasajes: venta.pasajes.map((p) => ({ ...p, cliente_email: 'juan@example.com' })) };
    const { user } = renderWithProviders(<VentaCreadaModal venta={conEmail} onClose={vi.fn()} />);
    await user.click(await screen.findByRole('button', { name: 'Enviar por Email' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Enviar por Email' });
    expect(within(dialogo).getByLabelText('Email del pasajero')).toHaveValue('juan@example.com');
  });

  it('hides Enviar por Email when the company lacks the e-mail module', async () => {
    signIn('vendedor', { modulos: ['core', 'venta_pasajes', 'caja'] });
    renderWithProviders(<VentaCreadaModal venta={venta} onClose={vi.fn()} />);
    expect(await screen.findByRole('button', { name: 'Imprimir' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enviar por Email' })).not.toBeInTheDocument();
  });
});
