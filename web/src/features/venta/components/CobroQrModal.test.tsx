import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Pedido } from '@/api/pedidos';
import type { VentaCreada } from '@/api/pasajes';
import { makePasaje } from '@/testing/fixtures';
import { signInVendedor } from '@/testing/handlers/caja';
import { renderWithProviders } from '@/testing/render';
import { ok, okWithMessage, server } from '@/testing/server';
import { CobroQrModal } from './CobroQrModal';

const MINUTO = 60_000;

/** Order 123 of $ 1.500,50, waiting, its QR ready; it ends 12 minutes and 30 s from now (the QR 2 minutes before). */
function pedido(p: Partial<Pedido> = {}): Pedido {
  return {
    id: 123, estado: 'pendiente', total: 1500.5, cantidad: 2, medio_pago_nombre: 'Mercado Pago QR',
    qr_data: '00020101021243650016COM.MERCADOLIBRE02013063638f1192a-5fd1-4180-a180-8bcae3556bc35204000053039865802AR',
    vence_en: new Date(Date.now() + 12 * MINUTO + 30_000).toISOString(), created_at: new Date().toISOString(),
    cerrado_en: null, falla: '', venta: null, ...p,
  };
}

const venta: VentaCreada = { pasajes: [makePasaje({ id: 41 }), makePasaje({ id: 42 })], total: 1500.5 };

/** GET /pedidos/123 answers `actual.pedido`; POST …/cancelar answers `cancelada` (and the order is that from then on). */
function servidor(inicial: Pedido, cancelada?: { pedido: Pedido; message: string } | { status: number; message: string }) {
  const actual = { pedido: inicial, cancelaciones: 0 };
  server.use(
    http.get('/api/pedidos/123', () => ok(actual.pedido)),
    http.post('/api/pedidos/123/cancelar', () => {
      actual.cancelaciones += 1;
      if (!cancelada) return HttpResponse.json({ success: false }, { status: 500 });
      if ('status' in cancelada) return HttpResponse.json({ success: false, message: cancelada.message }, { status: cancelada.status });
      actual.pedido = cancelada.pedido;
      return okWithMessage(cancelada.pedido, cancelada.message);
    }),
  );
  return actual;
}

function abrir(p: Pedido) {
  const onCompletado = vi.fn();
  const onClose = vi.fn();
  const vista = renderWithProviders(<CobroQrModal pedido={p} onCompletado={onCompletado} onClose={onClose} />);
  return { ...vista, onCompletado, onClose };
}

const dialogo = () => screen.findByRole('dialog', { name: 'Cobro con Mercado Pago' });

describe('CobroQrModal', () => {
  beforeEach(() => {
    signInVendedor();
  });

  it('shows the QR, the amount, the wait, the countdown and the number; Escape does not close it', async () => {
    servidor(pedido());
    const { user, onClose } = abrir(pedido());
    const d = await dialogo();
    expect(await within(d).findByRole('img', { name: 'Código QR para pagar' })).toHaveAttribute('src', expect.stringMatching(/^data:image\/svg\+xml/));
    expect(d).toHaveTextContent(/\$\s1\.500,50/);
    expect(d).toHaveTextContent('Esperando el pago…');
    expect(d).toHaveTextContent('Cobro #123');
    // The QR's own expiry: the order's minus 2 minutes.
    expect(d).toHaveTextContent(/Vence en 10:[0-3]\d/);
    expect(d).toHaveTextContent('Quedan 11 minutos para pagar');
    const cancelar = within(d).getByRole('button', { name: 'Cancelar cobro' });
    await waitFor(() => expect(cancelar).toHaveFocus());
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    expect(within(d).queryByRole('button', { name: /cerrar/i })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Cobro con Mercado Pago' })).toBeInTheDocument();
  });

  it('says the QR is being made while Mercado Pago has not answered', async () => {
    servidor(pedido({ qr_data: null }));
    abrir(pedido({ qr_data: null }));
    const d = await dialogo();
    expect(d).toHaveTextContent('Generando el código QR…');
    expect(within(d).queryByRole('img', { name: 'Código QR para pagar' })).not.toBeInTheDocument();
  });

  it('hands the sale on once the re-read finds the order paid', async () => {
    servidor(pedido({ estado: 'completado', venta, cerrado_en: new Date().toISOString() }));
    const { onCompletado } = abrir(pedido());
    await waitFor(() => expect(onCompletado).toHaveBeenCalledWith(venta));
    expect(onCompletado).toHaveBeenCalledTimes(1);
  });

  it('reads a waiting order again every 2 s (its events may be missed)', async () => {
    let lecturas = 0;
    server.use(http.get('/api/pedidos/123', () => {
      lecturas += 1;
      return ok(lecturas === 1 ? pedido() : pedido({ estado: 'completado', venta }));
    }));
    const { onCompletado } = abrir(pedido());
    await waitFor(() => expect(lecturas).toBe(1));
    expect(onCompletado).not.toHaveBeenCalled();
    await waitFor(() => expect(onCompletado).toHaveBeenCalledWith(venta), { timeout: 4000 });
    expect(lecturas).toBe(2);
  });

  it('says why a released order did not complete and closes with Cerrar', async () => {
    servidor(pedido({ estado: 'vencido', falla: 'Mercado Pago no pudo crear el cobro' }));
    const { user, onClose, onCompletado } = abrir(pedido());
    const d = await dialogo();
    const alerta = await within(d).findByRole('alert');
    expect(alerta).toHaveTextContent('Mercado Pago no pudo crear el cobro');
    expect(d).toHaveTextContent('La venta sigue cargada');
    const cerrar = within(d).getByRole('button', { name: 'Cerrar' });
    await waitFor(() => expect(cerrar).toHaveFocus());
    await user.click(cerrar);
    expect(onClose).toHaveBeenCalled();
    expect(onCompletado).not.toHaveBeenCalled();
  });

  it("names an expiry without a reason as the state's", async () => {
    servidor(pedido({ estado: 'vencido' }));
    abrir(pedido());
    expect(await within(await dialogo()).findByRole('alert')).toHaveTextContent('El cobro venció sin pago');
  });

  it("cancels through the endpoint and shows the answer's message", async () => {
    // Not the server's own text: the dialog must show the answer's, not its default for a cancelled order.
    const actual = servidor(pedido(), { pedido: pedido({ estado: 'cancelado' }), message: 'Cobro cancelado en Mercado Pago' });
    const { user, onCompletado } = abrir(pedido());
    const d = await dialogo();
    await user.click(within(d).getByRole('button', { name: 'Cancelar cobro' }));
    expect(await within(d).findByRole('alert')).toHaveTextContent('Cobro cancelado en Mercado Pago');
    expect(actual.cancelaciones).toBe(1);
    expect(within(d).getByRole('button', { name: 'Cerrar' })).toBeInTheDocument();
    expect(onCompletado).not.toHaveBeenCalled();
  });

  it('completes when the passenger had paid before the cancel, and says so', async () => {
    servidor(pedido(), { pedido: pedido({ estado: 'completado', venta }), message: 'El pasajero ya había pagado: la venta se completó' });
    const { user, onCompletado } = abrir(pedido());
    await user.click(within(await dialogo()).getByRole('button', { name: 'Cancelar cobro' }));
    await waitFor(() => expect(onCompletado).toHaveBeenCalledWith(venta));
    expect(await screen.findByText('El pasajero ya había pagado: la venta se completó')).toBeInTheDocument();
  });

  it('shows a refused cancel and keeps waiting', async () => {
    servidor(pedido(), { status: 409, message: 'Este cobro ya no está pendiente' });
    const { user } = abrir(pedido());
    const d = await dialogo();
    await user.click(within(d).getByRole('button', { name: 'Cancelar cobro' }));
    expect(await within(d).findByRole('alert')).toHaveTextContent('Este cobro ya no está pendiente');
    expect(within(d).getByRole('button', { name: 'Cancelar cobro' })).toBeInTheDocument();
  });
});
