import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { todayIn } from '@/lib/dates';
import { formatDate } from '@/lib/format';
import { estadoCaja, makeCaja, signInVendedor } from '@/testing/handlers/caja';
import { mockClientes } from '@/testing/handlers/clientes';
import { catalogHandlers } from '@/testing/handlers/config';
import { makePasaje, signIn } from '@/testing/fixtures';
import { renderApp, renderWithProviders } from '@/testing/render';
import { fail, ok, server } from '@/testing/server';
import type { VentaCreada, VentaInput } from '@/api/pasajes';
import { VentaPasajesPage } from './VentaPasajesPage';

const HOY = todayIn('America/Argentina/Buenos_Aires');

function venta(body: VentaInput): VentaCreada {
  const pasajes = body.lineas.flatMap((l) => Array.from({ length: l.cantidad }, () => l.tipo_viaje_id)).map((tipo, i) => makePasaje({
    id: 100 + i,
    numero_pasaje: `LD-20261122-00000${i + 1}`,
    codigo_qr: `MUELLE1.payload${i}.firma`,
    fecha_viaje: body.fecha_viaje,
    precio: tipo === 1 ? 4500 : 2250,
    estado: 'activo',
    seccion_nombre: 'Tigre – Tres Bocas',
    tipo_viaje_nombre: tipo === 1 ? 'General' : 'Jubilado',
    medio_pago_nombre: 'Efectivo',
    cliente_nombre: body.cliente_nombre,
  }));
  return { pasajes, total: pasajes.reduce((sum, p) => sum + p.precio, 0) };
}

/** Records every POST /pasajes/lote (body and Idempotency-Key) and answers with a sale. */
function trackLote() {
  const calls: { body: VentaInput; key: string | null }[] = [];
  server.use(http.post('/api/pasajes/lote', async ({ request }) => {
    const body = (await request.json()) as VentaInput;
    calls.push({ body, key: request.headers.get('Idempotency-Key') });
    return ok(venta(body), { status: 201 });
  }));
  return calls;
}

async function renderVenta() {
  const view = renderWithProviders(<VentaPasajesPage />, { route: '/admin/venta-pasajes' });
  const primera = await screen.findByRole('button', { name: /Tigre – Tres Bocas/ });
  return { ...view, primera };
}

const crearButton = () => screen.getByRole('button', { name: /^Crear Pasajes? —/ });
const cantidad = (tipo: string) => screen.getByLabelText(`Cantidad ${tipo}`);
const alerts = () => screen.queryAllByRole('alert');

describe('VentaPasajesPage', () => {
  beforeEach(() => {
    signInVendedor();
    server.use(...catalogHandlers, estadoCaja(makeCaja()));
  });

  it('starts on the first section card with the register status and efectivo as payment method', async () => {
    const { user, primera } = await renderVenta();
    expect(primera).toHaveFocus();
    expect(screen.getByText(/Caja abierta · Apertura \$\s10\.000,00/)).toBeInTheDocument();
    expect(screen.getByLabelText('Fecha de viaje')).toHaveValue(formatDate(HOY));

    vi.mocked(Element.prototype.scrollIntoView).mockClear();
    await user.keyboard('{Enter}');
    expect(cantidad('General')).toHaveFocus();
    // The focused quantity is scrolled into sight (clear of the sticky total bar).
    expect(vi.mocked(Element.prototype.scrollIntoView).mock.contexts).toContain(cantidad('General'));
    expect(screen.getByRole('radio', { name: 'Pago en EFECTIVO' })).toBeChecked();
  });

  it('moves between section cards with the arrow keys', async () => {
    const { user, primera } = await renderVenta();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('button', { name: /Tigre – Río Capitán/ })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(primera).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: /Tigre – Río Capitán/ })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(primera).toHaveFocus();
  });

  it('shows only the first failing check on submit', async () => {
    const calls = trackLote();
    const { user } = await renderVenta();

    await user.click(crearButton());
    expect(alerts()).toHaveLength(1);
    expect(alerts()[0]).toHaveTextContent('Debe seleccionar una sección');

    await user.click(screen.getByRole('button', { name: /Tigre – Tres Bocas/ }));
    await user.click(crearButton());
    expect(alerts()).toHaveLength(1);
    expect(alerts()[0]).toHaveTextContent('Debe agregar al menos un pasajero');

    expect(calls).toHaveLength(0);
  });

  it('asks for a payment method when there is no efectivo', async () => {
    server.use(http.get('/api/config/medios-pago', () => ok([{ id: 4, nombre: 'Débito', descripcion: '', activo: true }])));
    const { user } = await renderVenta();
    await user.keyboard('{Enter}');
    await user.keyboard('1');
    expect(screen.getByRole('radio', { name: 'Débito' })).not.toBeChecked();
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(alerts()[0]).toHaveTextContent('Debe seleccionar un medio de pago');
  });

  it('defaults to the first efectivo method by its tipo, whatever the names say', async () => {
    server.use(http.get('/api/config/medios-pago', () => ok([
      { id: 7, nombre: 'Efectivo en dólares', descripcion: '', activo: true, tipo: 'otro' },
      { id: 8, nombre: 'Caja chica', descripcion: '', activo: true, tipo: 'efectivo' },
      { id: 9, nombre: 'Cash', descripcion: '', activo: true, tipo: 'efectivo' },
    ])));
    const { user } = await renderVenta();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('radio', { name: 'Caja chica' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Efectivo en dólares' })).not.toBeChecked();
  });

  it('keeps each quantity as typed and explains one past 0–50 instead of clamping it', async () => {
    const { user } = await renderVenta();
    await user.keyboard('{Enter}');
    const general = cantidad('General');
    const menos = screen.getByRole('button', { name: 'Quitar un pasajero General' });
    const mas = screen.getByRole('button', { name: 'Agregar un pasajero General' });
    expect(general).toHaveValue('0');
    expect(menos).toBeDisabled();
    await user.keyboard('{ArrowDown}');
    expect(general).toHaveValue('0');

    await user.keyboard('2{Backspace}');
    expect(general).toHaveValue('');
    await user.keyboard('3');
    expect(general).toHaveValue('3');
    await user.clear(general);
    await user.type(general, '12');
    expect(general).toHaveValue('12');
    expect(crearButton()).toHaveTextContent('$ 54.000,00');

    await user.clear(general);
    await user.type(general, '2.5');
    expect(general).toHaveValue('2.5');
    expect(alerts()[0]).toHaveTextContent('Escribe un número entero de 0 a 50');

    await user.clear(general);
    await user.type(general, '49{ArrowUp}');
    expect(general).toHaveValue('50');
    expect(mas).toBeDisabled();
    await user.keyboard('{ArrowUp}');
    expect(general).toHaveValue('50');
    await user.type(general, '99');
    expect(general).toHaveValue('5099');
    expect(alerts()[0]).toHaveTextContent('Máximo 50 pasajeros por tipo en una venta');
    expect(crearButton()).toHaveTextContent('$ 0,00');

    await user.clear(general);
    await user.type(general, '50');
    expect(alerts()).toHaveLength(0);
    await user.click(menos);
    expect(general).toHaveValue('49');
  });

  it('does not offer a section without any price', async () => {
    server.use(http.get('/api/config/secciones', () => ok([
      { id: 1, nombre: 'Tigre – Tres Bocas', descripcion: '', activo: true },
      { id: 9, nombre: 'Sin tarifas', descripcion: '', activo: true },
    ])));
    await renderVenta();
    expect(screen.getByRole('button', { name: /Tigre – Tres Bocas/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Sin tarifas/ })).not.toBeInTheDocument();
  });

  it('shows types without a price disabled', async () => {
    const { user } = await renderVenta();
    await user.keyboard('{Enter}');
    expect(cantidad('Residente isleño')).toBeDisabled();
    expect(screen.getByText('Sin precio')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Tigre – Río Capitán/ }));
    expect(cantidad('Residente isleño')).toBeEnabled();
    expect(screen.getByText('$ 3.120,00 c/u')).toBeInTheDocument();
  });

  it('sums the lines and sends the whole sale in one call with an Idempotency-Key', async () => {
    const calls = trackLote();
    const { user } = await renderVenta();
    await user.keyboard('{Enter}2{Tab}{ArrowUp}');
    await user.click(screen.getByRole('radio', { name: 'Débito' }));
    await user.type(screen.getByLabelText('Teléfono (opcional)'), ' 11 5555-0000 ');

    const resumen = screen.getByRole('region', { name: 'Resumen de la venta' });
    expect(within(resumen).getByText('General × 2')).toBeInTheDocument();
    expect(within(resumen).getByText('$ 9.000,00')).toBeInTheDocument();
    expect(within(resumen).getByText('Jubilado × 1')).toBeInTheDocument();
    expect(within(resumen).getByText('Débito')).toBeInTheDocument();
    expect(within(resumen).getByText('3')).toBeInTheDocument();
    expect(within(resumen).getByText('$ 11.250,00')).toBeInTheDocument();
    expect(crearButton()).toHaveTextContent('Crear Pasajes — $ 11.250,00');

    await user.click(crearButton());

    await screen.findByRole('dialog', { name: 'Venta registrada' });
    expect(calls).toHaveLength(1);
    expect(calls[0].key).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(calls[0].body).toEqual({
      seccion_id: 1,
      fecha_viaje: HOY,
      medio_pago_id: 4,
      cliente_telefono: '11 5555-0000',
      cliente_email: '',
      observaciones: '',
      lineas: [{ tipo_viaje_id: 1, cantidad: 2 }, { tipo_viaje_id: 2, cantidad: 1 }],
    });
  });

  it('asks for the card reference a method requires, from the keyboard, and sends it with the sale', async () => {
    server.use(http.get('/api/config/medios-pago', () => ok([
      { id: 1, nombre: 'Efectivo', descripcion: '', activo: true, referencia: 'ninguna', referencia_obligatoria: false, tipo: 'efectivo' },
      { id: 4, nombre: 'Débito', descripcion: '', activo: true, referencia: 'tarjeta', referencia_obligatoria: true, tipo: 'tarjeta' },
    ])));
    const calls = trackLote();
    const { user } = await renderVenta();
    await user.keyboard('{Enter}1');
    expect(screen.queryByLabelText(/Últimos 4 dígitos/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Débito' }));
    await user.click(crearButton());
    expect(alerts().map((a) => a.textContent)).toContain(
      'El medio de pago «Débito» requiere los últimos 4 dígitos de la tarjeta y el código de autorización');
    expect(calls).toHaveLength(0);

    await user.click(screen.getByLabelText(/Últimos 4 dígitos/));
    await user.keyboard('42x42{Tab}a1b2c3');
    expect(screen.getByLabelText(/Últimos 4 dígitos/)).toHaveValue('4242');
    expect(screen.getByLabelText(/Código de autorización/)).toHaveValue('A1B2C3');
    await user.keyboard('{Control>}{Enter}{/Control}');
    await screen.findByRole('dialog', { name: 'Venta registrada' });
    expect(calls[0].body.medio_pago_id).toBe(4);
    expect(calls[0].body.referencia).toEqual({ ultimos4: '4242', autorizacion: 'A1B2C3' });
  });

  it('fills the name and phone of a known document and sends the document with the sale', async () => {
    mockClientes();
    const calls = trackLote();
    const { user } = await renderVenta();
    await user.keyboard('{Enter}1');
    await user.type(screen.getByLabelText('Documento (opcional)'), '30111222');
    await user.tab();
    expect(await screen.findByText('Cliente registrado: Juan Gómez')).toBeInTheDocument();
    expect(screen.getByLabelText('Nombre del cliente (opcional)')).toHaveValue('Juan Gómez');
    expect(screen.getByLabelText('Teléfono (opcional)')).toHaveValue('11 5555-0101');

    await user.click(crearButton());
    await screen.findByRole('dialog', { name: 'Venta registrada' });
    expect(calls[0].body).toMatchObject({ cliente_documento: '30111222', cliente_nombre: 'Juan Gómez', cliente_telefono: '11 5555-0101' });
  });

  it('sends no name when none was typed, so a document sold at once takes its customer\'s name', async () => {
    mockClientes();
    const calls = trackLote();
    const { user } = await renderVenta();
    // Keyboard only: the document, then Ctrl+Enter before the field is left (no lookup yet).
    await user.keyboard('{Enter}1');
    await user.type(screen.getByLabelText('Documento (opcional)'), '30111222{Control>}{Enter}{/Control}');
    await screen.findByRole('dialog', { name: 'Venta registrada' });
    expect(calls[0].body.cliente_documento).toBe('30111222');
    expect(calls[0].body).not.toHaveProperty('cliente_nombre');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // With the mouse: the lookup starts as the field is left, the sale goes before it answers,
    // and its late answer does not fill the next sale's form.
    await user.click(screen.getByRole('button', { name: /Tigre – Tres Bocas/ }));
    await user.keyboard('1');
    await user.type(screen.getByLabelText('Documento (opcional)'), '30111222');
    await user.click(crearButton());
    await screen.findByRole('dialog', { name: 'Venta registrada' });
    expect(calls[1].body).not.toHaveProperty('cliente_nombre');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: /Tigre – Tres Bocas/ }));
    expect(screen.getByLabelText('Documento (opcional)')).toHaveValue('');
    expect(screen.getByLabelText('Nombre del cliente (opcional)')).toHaveValue('');
  });

  it('says a new document registers the customer with the sale', async () => {
    mockClientes();
    const { user } = await renderVenta();
    await user.keyboard('{Enter}1');
    await user.type(screen.getByLabelText('Documento (opcional)'), '40111222');
    await user.tab();
    expect(await screen.findByText('Cliente nuevo: se registrará con la venta')).toBeInTheDocument();
    expect(screen.getByLabelText('Nombre del cliente (opcional)')).toHaveValue('');
  });

  it('names a trip date that is not today and returns to today after the sale unless pinned', async () => {
    const calls = trackLote();
    const { user } = await renderVenta();
    const fecha = () => screen.getByLabelText('Fecha de viaje');
    /** Types a date as the seller would (dd/mm/aaaa) and leaves the field. */
    const elegirFecha = async (texto: string) => {
      await user.clear(fecha());
      await user.type(fecha(), `${texto}{Escape}`);
      await user.tab();
    };
    await elegirFecha('2020-01-01');
    expect(fecha()).toHaveValue(formatDate(HOY));

    await elegirFecha('31/12/2099');
    expect(fecha()).toHaveValue('31/12/2099');
    const resumen = screen.getByRole('region', { name: 'Resumen de la venta' });
    expect(within(resumen).getByText('Viaje del 31/12/2099 (no es hoy)')).toBeInTheDocument();
    expect(crearButton()).toHaveTextContent(/para el 31\/12\/2099$/);
    await user.click(screen.getByRole('button', { name: /Tigre – Tres Bocas/ }));
    await user.keyboard('1{Control>}{Enter}{/Control}');
    await screen.findByRole('dialog', { name: 'Venta registrada' });
    expect(calls[0].body.fecha_viaje).toBe('2099-12-31');
    expect(fecha()).toHaveValue(formatDate(HOY));
    expect(within(resumen).queryByText(/Viaje del/)).not.toBeInTheDocument();
    expect(crearButton()).not.toHaveTextContent('para el');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await elegirFecha('30/12/2099');
    await user.click(screen.getByRole('checkbox', { name: 'Mantener la fecha' }));
    expect(screen.getByText('Fecha fijada')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Tigre – Tres Bocas/ }));
    await user.keyboard('1{Control>}{Enter}{/Control}');
    await screen.findByRole('dialog', { name: 'Venta registrada' });
    expect(calls[1].body.fecha_viaje).toBe('2099-12-30');
    expect(fecha()).toHaveValue('30/12/2099');
    expect(crearButton()).toHaveTextContent('para el 30/12/2099');
  });

  it("defaults the trip date to the server's day on a clock 3 hours fast, and moves to the new day after midnight", async () => {
    // this PC says 00:30 of the 23rd in Buenos Aires; the server, 21:30 of the 22nd
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(new Date('2026-11-23T03:30:00Z'));
    const TRES_HORAS = 3 * 3600_000;
    server.use(http.get('/api/health', () =>
      ok({ status: 'ok', database: 'ok' }, { headers: { Date: new Date(Date.now() - TRES_HORAS).toUTCString() } })));
    const calls = trackLote();
    try {
      const { user } = await renderVenta();
      const fecha = () => screen.getByLabelText('Fecha de viaje');
      await waitFor(() => expect(fecha()).toHaveValue('22/11/2026'));
      await user.keyboard('{Enter}1{Control>}{Enter}{/Control}');
      await screen.findByRole('dialog', { name: 'Venta registrada' });
      expect(calls[0].body.fecha_viaje).toBe('2026-11-22');

      // 2 h 31 min later the server's day is the 23rd: the open screen follows it
      act(() => vi.advanceTimersByTime((2 * 60 + 31) * 60_000));
      await waitFor(() => expect(fecha()).toHaveValue('23/11/2026'));
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks once before a sale well above the usual; a stray Enter cancels it', async () => {
    const calls = trackLote();
    const { user } = await renderVenta();
    await user.keyboard('{Enter}11{Enter}');
    const dialogo = await screen.findByRole('dialog', { name: 'Confirmar venta grande' });
    expect(dialogo).toHaveTextContent('Vas a vender 11 pasajes por $ 49.500,00');
    expect(within(dialogo).getByRole('button', { name: 'Cancelar' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toHaveLength(0);

    await user.click(crearButton());
    await user.click(await screen.findByRole('button', { name: 'Sí, crear 11 pasajes' }));
    await screen.findByRole('dialog', { name: 'Venta registrada' });
    expect(calls).toHaveLength(1);
    expect(calls[0].body.lineas).toEqual([{ tipo_viaje_id: 1, cantidad: 11 }]);
  });

  it('shows the codes after the sale, then resets the form and focuses the first section', async () => {
    trackLote();
    const { user, primera } = await renderVenta();
    await user.keyboard('{Enter}2{Tab}{ArrowUp}');
    await user.click(screen.getByRole('radio', { name: 'Débito' }));
    await user.keyboard('{Control>}{Enter}{/Control}');

    const dialogo = await screen.findByRole('dialog', { name: 'Venta registrada' });
    expect(within(dialogo).getByText('Se crearon 3 pasajes por $ 11.250,00.')).toBeInTheDocument();
    await user.click(within(dialogo).getByRole('button', { name: 'Ver Códigos de Validación' }));

    const codigos = await screen.findByRole('dialog', { name: 'Códigos de Validación' });
    expect(within(codigos).getAllByRole('listitem')).toHaveLength(3);
    expect(within(codigos).getByText('MUELLE1.payload0.firma')).toBeInTheDocument();
    expect(within(codigos).getAllByRole('button', { name: /^Copiar código de LD-/ })).toHaveLength(3);
    expect(within(codigos).queryByRole('button', { name: /WhatsApp|Email|Imprimir/i })).not.toBeInTheDocument();

    // A seller does not validate boarding: the validator is not offered.
    expect(within(codigos).queryByRole('button', { name: 'Abrir Validador' })).not.toBeInTheDocument();

    await user.click(within(codigos).getByRole('button', { name: 'Listo' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(primera).toHaveFocus();
    expect(primera).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByLabelText('Cantidad General')).not.toBeInTheDocument();
    expect(crearButton()).toHaveTextContent('$ 0,00');
    await user.keyboard('{Enter}');
    expect(cantidad('General')).toHaveValue('0');
    expect(screen.getByRole('radio', { name: 'Pago en EFECTIVO' })).toBeChecked();
  });

  it('says the outcome of a sale with a lost answer is unknown and confirms it by itself with the same key when back online', async () => {
    const keys: (string | null)[] = [];
    server.use(http.post('/api/pasajes/lote', async ({ request }) => {
      keys.push(request.headers.get('Idempotency-Key'));
      return keys.length === 1 ? HttpResponse.error() : ok(venta((await request.json()) as VentaInput), { status: 201 });
    }));
    const { user } = await renderVenta();
    await user.keyboard('{Enter}2');
    await user.click(crearButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('No sabemos si la venta se registró: reintentá para confirmarla, no se duplica');
    expect(screen.queryByText(/no se registró/)).not.toBeInTheDocument();
    expect(cantidad('General')).toHaveValue('2');

    window.dispatchEvent(new Event('online'));
    const dialogo = await screen.findByRole('dialog', { name: 'Venta registrada' });
    expect(within(dialogo).getByText('Se crearon 2 pasajes por $ 9.000,00.')).toBeInTheDocument();
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('treats a server error without a refusal as unknown, and retries it now on request', async () => {
    const keys: (string | null)[] = [];
    server.use(http.post('/api/pasajes/lote', async ({ request }) => {
      keys.push(request.headers.get('Idempotency-Key'));
      return keys.length === 1 ? fail(503, 'Error interno del servidor') : ok(venta((await request.json()) as VentaInput), { status: 201 });
    }));
    const { user } = await renderVenta();
    await user.keyboard('{Enter}1');
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(await screen.findByRole('alert')).toHaveTextContent('No sabemos si la venta se registró');
    await user.click(screen.getByRole('button', { name: 'Reintentar ahora' }));
    await screen.findByRole('dialog', { name: 'Venta registrada' });
    expect(keys).toEqual([keys[0], keys[0]]);
  });

  it('asks before changing the cart of a sale of unknown outcome, and a discard starts a new key', async () => {
    const keys: (string | null)[] = [];
    server.use(http.post('/api/pasajes/lote', ({ request }) => {
      keys.push(request.headers.get('Idempotency-Key'));
      return HttpResponse.error();
    }));
    const { user, primera } = await renderVenta();
    await user.keyboard('{Enter}1');
    await user.click(crearButton());
    await screen.findByText(/No sabemos si la venta se registró/);

    await user.type(cantidad('General'), '3');
    const aviso = await screen.findByRole('dialog', { name: 'Venta sin confirmar' });
    await user.click(within(aviso).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(cantidad('General')).toHaveValue('1');

    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    const salida = await screen.findByRole('dialog', { name: 'Venta sin confirmar' });
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/venta-pasajes');
    await user.click(within(salida).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Descartar la venta' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Venta sin confirmar' })).getByRole('button', { name: 'Descartar la venta' }));
    await waitFor(() => expect(primera).toHaveFocus());
    expect(screen.queryByText(/reintentá para confirmarla/)).not.toBeInTheDocument();
    expect(primera).toHaveAttribute('aria-pressed', 'false');

    await user.keyboard('{Enter}1');
    await user.click(crearButton());
    await screen.findByText(/No sabemos si la venta se registró/);
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('shows a definite refusal as the server said it, not as unknown', async () => {
    server.use(http.post('/api/pasajes/lote', () => fail(422, 'La sección no está activa')));
    const { user } = await renderVenta();
    await user.keyboard('{Enter}1');
    await user.click(crearButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('La sección no está activa');
    expect(screen.queryByText(/No sabemos/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reintentar ahora' })).not.toBeInTheDocument();
  });

  it('offline, sends nothing: the sale is made on this device, and a browser that is not a registered device is told to register it', async () => {
    const keys: (string | null)[] = [];
    server.use(http.post('/api/pasajes/lote', ({ request }) => {
      keys.push(request.headers.get('Idempotency-Key'));
      return HttpResponse.error();
    }));
    const { user } = await renderVenta();
    // Online, the unregistered browser is offered the registration.
    expect(await screen.findByText(/Este dispositivo no está registrado: sin registro no podrá vender/)).toBeInTheDocument();
    await user.keyboard('{Enter}1');
    const offline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    window.dispatchEvent(new Event('offline'));
    expect(await screen.findByText('Sistema en modo offline')).toBeInTheDocument();
    const bloqueo = await screen.findByRole('alert', { name: 'No se puede vender sin conexión' });
    expect(bloqueo).toHaveTextContent('Este dispositivo no está registrado para vender sin conexión. Cuando vuelva la conexión, regístralo');
    expect(screen.getByRole('form', { name: 'Venta de pasajes' })).toHaveAttribute('inert');
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(keys).toHaveLength(0);
    offline.mockRestore();
    // TanStack Query's online manager heard 'offline': the next tests need it back online.
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(screen.queryByText('Sistema en modo offline')).not.toBeInTheDocument());
    expect(screen.getByRole('form', { name: 'Venta de pasajes' })).not.toHaveAttribute('inert');
  });

  it('sells with Ctrl+Enter from any field, the trip date and the client fields included', async () => {
    const calls = trackLote();
    const { user } = await renderVenta();
    await user.keyboard('{Enter}1');
    await user.click(screen.getByLabelText('Fecha de viaje'));
    await user.keyboard('{Control>}{Enter}{/Control}');
    await screen.findByRole('dialog', { name: 'Venta registrada' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.keyboard('{Enter}1');
    await user.type(screen.getByLabelText('Teléfono (opcional)'), '11{Control>}{Enter}{/Control}');
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1].body.cliente_telefono).toBe('11');
  });

  it('shows the register error and reloads the register state when the server has no open register', async () => {
    server.use(http.post('/api/pasajes/lote', () => {
      server.use(estadoCaja(null));
      return fail(400, 'Debe abrir una caja antes de realizar ventas');
    }));
    const { user } = await renderVenta();
    await user.keyboard('{Enter}1');
    await user.click(crearButton());
    expect(await screen.findByText('Debe abrir una caja antes de realizar ventas')).toBeInTheDocument();
    expect(await screen.findByText('Caja Cerrada - Ventas Bloqueadas')).toBeInTheDocument();
  });

  it('keeps the cart when the register was closed and focuses it once a register is open again', async () => {
    const calls = trackLote();
    server.use(http.post('/api/pasajes/lote', () => {
      server.use(estadoCaja(null));
      return fail(400, 'Debe abrir una caja antes de realizar ventas');
    }, { once: true }));
    server.use(http.post('/api/caja/abrir', () => {
      server.use(estadoCaja(makeCaja()));
      return ok(makeCaja(), { status: 201 });
    }));
    const { user } = await renderVenta();
    await user.keyboard('{Enter}2');
    await user.click(crearButton());
    await screen.findByText('Caja Cerrada - Ventas Bloqueadas');

    await user.click(screen.getByRole('button', { name: 'Abrir Caja' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Abrir Caja' });
    await user.type(within(dialogo).getByLabelText(/Monto de apertura/), '1000');
    await user.click(within(dialogo).getByRole('button', { name: /Abrir Caja/ }));
    await waitFor(() => expect(screen.queryByText('Caja Cerrada - Ventas Bloqueadas')).not.toBeInTheDocument());
    await waitFor(() => expect(cantidad('General')).toHaveFocus());
    expect(cantidad('General')).toHaveValue('2');

    await user.keyboard('{Control>}{Enter}{/Control}');
    await screen.findByRole('dialog', { name: 'Venta registrada' });
    expect(calls[0].body.lineas).toEqual([{ tipo_viaje_id: 1, cantidad: 2 }]);
  });

  it('blocks the form without an open register and offers to open one', async () => {
    server.use(estadoCaja(null));
    const { user } = await renderVenta();
    expect(screen.getByText('Caja Cerrada - Ventas Bloqueadas')).toBeInTheDocument();
    expect(screen.getByText('Sin caja abierta')).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Venta de pasajes' })).toHaveAttribute('inert');

    const abrir = screen.getByRole('button', { name: 'Abrir Caja' });
    expect(abrir).toHaveFocus();
    await user.click(abrir);
    expect(await screen.findByRole('dialog', { name: 'Abrir Caja' })).toBeInTheDocument();
  });

  it('blocks the form while the close of the register waits for approval, and says so instead of "Caja abierta"', async () => {
    server.use(estadoCaja(makeCaja({ pendiente_aprobacion: true })));
    const calls = trackLote();
    const { user } = await renderVenta();
    expect(screen.getByText('Cierre pendiente de aprobación')).toBeInTheDocument();
    expect(screen.queryByText(/Caja abierta/)).not.toBeInTheDocument();
    expect(screen.getByText('Cierre pendiente de aprobación - Ventas Bloqueadas')).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Venta de pasajes' })).toHaveAttribute('inert');
    expect(screen.queryByRole('button', { name: 'Abrir Caja' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir a Gestión de Caja' })).toHaveAttribute('href', '/admin/gestion-caja');

    // Ctrl+Enter from the screen still checks first: nothing is sent.
    screen.getByRole('link', { name: 'Ir a Gestión de Caja' }).focus();
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(await screen.findByText('La caja tiene un cierre pendiente de aprobación de un supervisor')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('renders the printing buttons disabled for a vendedor, saying why', async () => {
    signIn('vendedor');
    await renderVenta();
    for (const name of ['Impresión', 'Impresora']) {
      const button = screen.getByRole('button', { name });
      expect(button).toHaveAttribute('aria-disabled', 'true');
      expect(button).toHaveAccessibleDescription('No tiene permisos para configurar impresión');
    }
  });

  it('opens the printer settings for a supervisor', async () => {
    signIn('supervisor');
    const { user } = await renderVenta();
    await user.click(screen.getByRole('button', { name: 'Impresora' }));
    expect(await screen.findByRole('dialog', { name: 'Configuración de Impresora' })).toBeInTheDocument();
    expect(screen.getByLabelText('Margen superior')).toHaveValue('10 px');
  });

  it('advances the loading messages as the calls answer', async () => {
    let responder = () => {};
    const estado = new Promise<void>((resolve) => { responder = resolve; });
    server.use(http.get('/api/caja/estado', async () => {
      await estado;
      return ok({ cajaAbierta: false, caja: null, movimientos: [] });
    }));
    renderWithProviders(<VentaPasajesPage />);
    expect(screen.getByRole('status')).toHaveTextContent('Conectando con el servidor...');
    expect(await screen.findByText('Verificando caja activa...')).toBeInTheDocument();
    responder();
    expect(await screen.findByRole('heading', { name: 'Venta Rápida de Pasajes' })).toBeInTheDocument();
  });

  it('says it is offline while the browser has no connection', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderWithProviders(<VentaPasajesPage />);
    expect(screen.getByRole('status')).toHaveTextContent('Sistema en modo offline. Cargando...');
    vi.restoreAllMocks();
  });

  it('is also reached at /admin/venta', async () => {
    renderApp('/admin/venta');
    expect(await screen.findByRole('heading', { name: 'Venta Rápida de Pasajes' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/venta-pasajes');
  });

  it('shows the connection error and retries', async () => {
    let fallar = true;
    server.use(http.get('/api/config/secciones', () => (fallar ? fail(500, 'Error al obtener secciones') : ok([]))));
    const { user } = renderWithProviders(<VentaPasajesPage />);
    expect(await screen.findByText('Error de conexión...')).toBeInTheDocument();
    fallar = false;
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('heading', { name: 'Venta Rápida de Pasajes' })).toBeInTheDocument();
  });

  it('goes to the dashboard on Cancelar', async () => {
    const { user } = await renderVenta();
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard');
  });
});

describe('VentaPasajesPage on a page that is not a secure context', () => {
  beforeEach(() => {
    signInVendedor();
    server.use(...catalogHandlers, estadoCaja(makeCaja()));
  });
  afterEach(() => vi.unstubAllGlobals());

  const registrar = async () => {
    await renderVenta();
    expect(await screen.findByText(/Este dispositivo no está registrado: sin registro no podrá vender/)).toBeInTheDocument();
    return screen.getByRole('button', { name: 'Registrar este dispositivo' });
  };

  it('keeps «Registrar este dispositivo», disabled, and the notice says why', async () => {
    vi.stubGlobal('isSecureContext', false);
    const boton = await registrar();
    expect(boton).toBeDisabled();
    expect(boton).toHaveAccessibleDescription(
      /^Esta conexión no es segura \(HTTPS\): este dispositivo no puede vender sin conexión, .* https:\/\/localhost$/);
    expect(screen.getByRole('note')).toBeVisible();
  });

  it('on a secure page, shows no notice and the registration can be asked for', async () => {
    vi.stubGlobal('isSecureContext', true);
    const boton = await registrar();
    expect(boton).toBeEnabled();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });
});
