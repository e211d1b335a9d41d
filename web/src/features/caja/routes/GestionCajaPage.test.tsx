import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadPage } from '@/lib/browser';
import { estadoCaja, historialCajas, makeCaja, makeMovimiento, signInVendedor } from '@/testing/handlers/caja';
import { catalogHandlers } from '@/testing/handlers/config';
import { renderApp, renderWithProviders } from '@/testing/render';
import { fail, ok, server } from '@/testing/server';
import { GestionCajaPage } from './GestionCajaPage';

vi.mock('@/lib/browser', () => ({ reloadPage: vi.fn(), openPopup: vi.fn() }));

/** Cash and one card sale of $ 4.500. */
const POR_MEDIO = [
  { medio_pago_id: 1, nombre: 'Efectivo', efectivo: true, esperado: 16250 },
  { medio_pago_id: 4, nombre: 'Débito', efectivo: false, esperado: 4500 },
];

const card = (label: string) => screen.getByRole('group', { name: label });

async function renderCaja() {
  const view = renderWithProviders(<GestionCajaPage />, { route: '/admin/gestion-caja' });
  await screen.findByRole('heading', { name: 'Gestión de Caja' });
  return view;
}

/** Records the bodies and keys sent to `path`, answering with `data`. */
function trackPost(path: string, data: unknown) {
  const calls: { body: unknown; key: string | null }[] = [];
  server.use(http.post(`/api/${path}`, async ({ request }) => {
    calls.push({ body: await request.json(), key: request.headers.get('Idempotency-Key') });
    return ok(data, { status: path === 'caja/cerrar' ? 200 : 201 });
  }));
  return calls;
}

describe('GestionCajaPage', () => {
  beforeEach(() => {
    signInVendedor();
    server.use(...catalogHandlers);
  });

  it('shows no expense of $ 0,00 in red, nor no income in green', async () => {
    server.use(estadoCaja(makeCaja({ total_ingresos: 0, total_egresos: 0, monto_actual: 10000 })));
    await renderCaja();
    await screen.findByRole('group', { name: 'Monto Apertura' });
    expect(within(card('Egresos')).getByText('$ 0,00')).not.toHaveAttribute('style', expect.stringContaining('--mantine-color-red'));
    expect(within(card('Ingresos')).getByText('$ 0,00')).not.toHaveAttribute('style', expect.stringContaining('--mantine-color-green'));
  });

  it('shows the cards, the register data and the movements with their sign', async () => {
    server.use(estadoCaja(
      makeCaja({ total_ingresos: 11250, total_egresos: 500, monto_actual: 20750, observaciones: '', efectivo_esperado: 16250, por_medio: POR_MEDIO }),
      [
        makeMovimiento(),
        makeMovimiento({ id: 2, tipo: 'egreso_gasto', sentido: 'egreso', monto: 500, descripcion: 'Café', medio_pago_id: null, medio_pago_nombre: null, created_at: '2026-11-22T12:10:00Z' }),
        makeMovimiento({ id: 3, tipo: 'reactivacion_pasaje', sentido: 'ingreso', monto: 4500, descripcion: 'Cobro por reactivación del pasaje LD-7', created_at: '2026-11-22T12:15:00Z' }),
      ],
    ));
    await renderCaja();
    expect(await screen.findByRole('group', { name: 'Monto Apertura' })).toHaveTextContent('$ 10.000,00');
    expect(card('Ingresos')).toHaveTextContent('$ 11.250,00');
    expect(card('Egresos')).toHaveTextContent('$ 500,00');
    expect(within(card('Egresos')).getByText('$ 500,00')).toHaveStyle({ color: 'var(--mantine-color-red-9)' });
    expect(card('Saldo Actual')).toHaveTextContent('$ 20.750,00');
    expect(within(card('Saldo Actual')).queryByText('Saldo negativo')).not.toBeInTheDocument();
    // Cash in the drawer apart from the other methods.
    const porMedio = screen.getByRole('region', { name: 'Por medio de pago' });
    expect(within(porMedio).getByRole('listitem', { name: 'Efectivo en caja' })).toHaveTextContent('$ 16.250,00');
    expect(within(porMedio).getByRole('listitem', { name: 'Débito' })).toHaveTextContent('$ 4.500,00');
    expect(within(porMedio).queryByRole('listitem', { name: 'Efectivo' })).not.toBeInTheDocument();

    expect(screen.getByText('22/11/2026 08:30')).toBeInTheDocument();
    expect(screen.getByText('Ana Pérez')).toBeInTheDocument();
    expect(screen.getByText('Abierta')).toBeInTheDocument();
    expect(screen.getByText('Sin observaciones')).toBeInTheDocument();

    const movimientos = screen.getByRole('table', { name: 'Movimientos del Día' });
    const [, reactivacion, gasto, venta] = within(movimientos).getAllByRole('row');
    // A reactivation's charge is income, as the cards count it.
    expect(reactivacion).toHaveTextContent(/09:15.*Ingreso.*Cobro por reactivación.*\+\$\s4\.500,00/);
    expect(within(reactivacion).getByText('+$ 4.500,00')).toHaveStyle({ color: 'var(--mantine-color-green-text)' }); // the theme's AA green, not green.9 (4.1:1 on a striped row)
    expect(gasto).toHaveTextContent(/09:10.*Egreso.*Gasto.*Café.*-\$\s500,00/);
    expect(within(gasto).getByText('-$ 500,00')).toHaveStyle({ color: 'var(--mantine-color-red-9)' });
    expect(venta).toHaveTextContent(/09:05.*Ingreso.*Venta de 3 pasajes.*\+\$\s11\.250,00.*Efectivo/);
    expect(screen.getByRole('button', { name: 'Agregar Movimiento' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cerrar Caja' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Abrir Caja' })).not.toBeInTheDocument();
  });

  it('says the register is waiting for its close approval instead of open', async () => {
    server.use(estadoCaja(makeCaja({ pendiente_aprobacion: true })));
    await renderCaja();
    expect(await screen.findByText('Cierre pendiente de aprobación', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
    expect(screen.queryByText('Abierta')).not.toBeInTheDocument();
  });

  it('shows a negative balance in red and in words', async () => {
    server.use(estadoCaja(makeCaja({ total_egresos: 12000, monto_actual: -2000 })));
    await renderCaja();
    const saldo = await screen.findByRole('group', { name: 'Saldo Actual' });
    expect(saldo).toHaveTextContent('-$ 2.000,00');
    const nota = within(saldo).getByText('Saldo negativo');
    expect(nota).toHaveStyle({ color: 'var(--mantine-color-red-9)' });
  });

  it('offers Abrir Caja when closed and sends the opening amount', async () => {
    server.use(estadoCaja(null));
    const calls = trackPost('caja/abrir', makeCaja());
    const { user } = await renderCaja();
    expect(await screen.findByText('Caja Cerrada')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cerrar Caja' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Abrir Caja' }));
    const dialog = await screen.findByRole('dialog', { name: 'Abrir Caja' });
    await user.click(within(dialog).getByRole('button', { name: 'Abrir Caja' }));
    expect(within(dialog).getByText('Este campo es obligatorio')).toBeInTheDocument();

    server.use(estadoCaja(makeCaja({ monto_apertura: 10000.5 })));
    await user.type(within(dialog).getByLabelText(/Monto de apertura/), '10000,5');
    await user.click(within(dialog).getByRole('button', { name: 'Abrir Caja' }));
    expect(await screen.findByRole('group', { name: 'Monto Apertura' })).toHaveTextContent('$ 10.000,50');
    expect(calls).toEqual([{ body: { monto_apertura: 10000.5, observaciones: '' }, key: expect.any(String) }]);
  });

  it("warns and reloads when the register was already open; other errors open 'Error al Abrir Caja'", async () => {
    server.use(estadoCaja(null), http.post('/api/caja/abrir', () => fail(500, 'Base de datos no disponible')));
    const { user } = await renderCaja();
    await user.click(await screen.findByRole('button', { name: 'Abrir Caja' }));
    await user.type(await screen.findByLabelText(/Monto de apertura/), '0');
    await user.click(within(screen.getByRole('dialog', { name: 'Abrir Caja' })).getByRole('button', { name: 'Abrir Caja' }));
    const error = await screen.findByRole('dialog', { name: 'Error al Abrir Caja' });
    expect(error).toHaveTextContent('Base de datos no disponible');
    await user.click(within(error).getByRole('button', { name: 'Aceptar' }));

    server.use(http.post('/api/caja/abrir', () => {
      server.use(estadoCaja(makeCaja()));
      return fail(409, 'Ya tienes una caja abierta');
    }));
    const dialog = await screen.findByRole('dialog', { name: 'Abrir Caja' });
    await user.click(within(dialog).getByRole('button', { name: 'Abrir Caja' }));
    expect(await screen.findByText('Ya tienes una caja abierta')).toBeInTheDocument();
    expect(await screen.findByRole('group', { name: 'Saldo Actual' })).toBeInTheDocument();
  });

  it('validates a movement and sends the amount as an absolute value', async () => {
    server.use(estadoCaja(makeCaja()));
    const calls = trackPost('caja/movimiento', makeMovimiento({ tipo: 'egreso_gasto' }));
    const { user } = await renderCaja();
    await user.click(await screen.findByRole('button', { name: 'Agregar Movimiento' }));
    const dialog = await screen.findByRole('dialog', { name: 'Agregar Movimiento' });
    const enviar = within(dialog).getByRole('button', { name: 'Agregar Movimiento' });

    await user.click(enviar);
    expect(within(dialog).getAllByText('Este campo es obligatorio')).toHaveLength(2);

    await user.type(within(dialog).getByLabelText(/Monto/), '0');
    await user.type(within(dialog).getByLabelText(/Descripción/), '   ');
    await user.click(enviar);
    expect(within(dialog).getByText('Debe ser un número mayor que cero')).toBeInTheDocument();
    expect(within(dialog).getByText('Este campo es obligatorio')).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    await user.click(within(dialog).getByLabelText('Egreso (gasto)'));
    await user.clear(within(dialog).getByLabelText(/Monto/));
    await user.type(within(dialog).getByLabelText(/Monto/), '1500,25');
    await user.type(within(dialog).getByLabelText(/Descripción/), 'Combustible');
    await user.click(enviar);

    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].body).toEqual({ tipo: 'egreso_gasto', monto: 1500.25, descripcion: 'Combustible' });
    expect(calls[0].key).toEqual(expect.any(String));
  });

  it('drops cash to the safe with a supervisor: a refused password stays in the dialog, then the drop goes once', async () => {
    server.use(estadoCaja(makeCaja({ efectivo_esperado: 21250, monto_actual: 21250 })));
    const intentos: { body: Record<string, unknown>; key: string | null }[] = [];
    server.use(http.post('/api/caja/retiro', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      intentos.push({ body, key: request.headers.get('Idempotency-Key') });
      if (body.password !== 'Muelle.2026') return fail(403, 'Usuario o contraseña del supervisor incorrectos');
      return ok(makeMovimiento({ id: 9, tipo: 'retiro_caja', sentido: 'egreso', monto: 20000, medio_pago_id: null }), { status: 201 });
    }));
    const { user } = await renderCaja();
    await user.click(await screen.findByRole('button', { name: 'Retiro a caja fuerte' }));
    const dialog = await screen.findByRole('dialog', { name: 'Retiro a caja fuerte' });
    expect(dialog).toHaveTextContent(/Efectivo en caja: \$\s21\.250,00/);
    const registrar = within(dialog).getByRole('button', { name: 'Registrar retiro' });
    expect(registrar).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/Monto a retirar/), '20000');
    await user.type(within(dialog).getByLabelText(/Descripción/), 'Sobre 14');
    await user.type(within(dialog).getByLabelText(/Usuario del supervisor/), 'supervisor');
    await user.type(within(dialog).getByLabelText(/Contraseña del supervisor/), 'mala');
    await user.click(registrar);
    const clave = within(dialog).getByLabelText(/Contraseña del supervisor/);
    await waitFor(() => expect(clave).toHaveFocus());
    expect(clave).toHaveValue('');
    expect(clave).toHaveAccessibleDescription('Usuario o contraseña del supervisor incorrectos');
    expect(within(dialog).getByLabelText(/Usuario del supervisor/)).toHaveValue('supervisor');

    await user.type(clave, 'Muelle.2026{Enter}');
    expect(await screen.findByText('Retiro registrado exitosamente')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Retiro a caja fuerte' })).not.toBeInTheDocument());
    expect(intentos.map((i) => i.body)).toEqual([
      { monto: 20000, descripcion: 'Sobre 14', nombre_usuario: 'supervisor', password: 'mala' },
      { monto: 20000, descripcion: 'Sobre 14', nombre_usuario: 'supervisor', password: 'Muelle.2026' },
    ]);
    expect(intentos[1].key).toBeTruthy();
  });

  it("says above the form why the server refused a drop's amount", async () => {
    server.use(estadoCaja(makeCaja()), http.post('/api/caja/retiro', () => fail(400, 'El retiro supera el efectivo que debería haber en la caja')));
    const { user } = await renderCaja();
    await user.click(await screen.findByRole('button', { name: 'Retiro a caja fuerte' }));
    const dialog = await screen.findByRole('dialog', { name: 'Retiro a caja fuerte' });
    await user.click(within(dialog).getByRole('button', { name: 'Registrar retiro' }));
    await user.type(within(dialog).getByLabelText(/Usuario del supervisor/), 'supervisor');
    await user.type(within(dialog).getByLabelText(/Contraseña del supervisor/), 'Muelle.2026');
    await user.click(within(dialog).getByRole('button', { name: 'Registrar retiro' }));
    // no amount: said on the field, nothing sent
    expect(within(dialog).getByLabelText(/Monto a retirar/)).toHaveAccessibleDescription(/Este campo es obligatorio/);
    await user.type(within(dialog).getByLabelText(/Monto a retirar/), '999999');
    await user.click(within(dialog).getByRole('button', { name: 'Registrar retiro' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('El retiro supera el efectivo que debería haber en la caja');
    expect(within(dialog).getByLabelText(/Contraseña del supervisor/)).toHaveValue('Muelle.2026');
  });

  it('offers no movement nor drop while the close waits for approval', async () => {
    server.use(estadoCaja(makeCaja({ pendiente_aprobacion: true })));
    await renderCaja();
    expect(await screen.findByRole('button', { name: 'Cerrar Caja' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retiro a caja fuerte' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Agregar Movimiento' })).not.toBeInTheDocument();
  });

  it("reports a failed movement in 'Error al Agregar Movimiento'", async () => {
    server.use(estadoCaja(makeCaja()), http.post('/api/caja/movimiento', () => fail(400, 'La descripción es obligatoria')));
    const { user } = await renderCaja();
    await user.click(await screen.findByRole('button', { name: 'Agregar Movimiento' }));
    const dialog = await screen.findByRole('dialog', { name: 'Agregar Movimiento' });
    await user.type(within(dialog).getByLabelText(/Monto/), '10');
    await user.type(within(dialog).getByLabelText(/Descripción/), 'Algo');
    await user.click(within(dialog).getByRole('button', { name: 'Agregar Movimiento' }));
    expect(await screen.findByRole('dialog', { name: 'Error al Agregar Movimiento' })).toHaveTextContent('La descripción es obligatoria');
  });

  it('closes with the counted cash, showing the difference, a confirmation and the summary, then reloads', async () => {
    server.use(estadoCaja(makeCaja({ total_ingresos: 11250, monto_actual: 21250, efectivo_esperado: 21250, total_ventas: 11250 })));
    const calls = trackPost('caja/cerrar', {
      ...makeCaja({ estado: 'cerrada' }), total_ventas: 11250, efectivo_esperado: 21250, monto_cierre: 21000, diferencia: -250, montoFinal: 21250,
      por_medio: POR_MEDIO,
    });
    const { user } = await renderCaja();
    await user.click(await screen.findByRole('button', { name: 'Cerrar Caja' }));
    const form = await screen.findByRole('dialog', { name: 'Cerrar Caja' });
    expect(form).toHaveTextContent(/Efectivo esperado\s*\$\s21\.250,00/);
    await user.type(within(form).getByLabelText(/Efectivo contado/), '21000');
    expect(form).toHaveTextContent(/Diferencia\s*-\$\s250,00/);
    await user.click(within(form).getByRole('button', { name: 'Continuar' }));

    const confirmar = await screen.findByRole('dialog', { name: 'Confirmar cierre de caja' });
    expect(within(confirmar).getByRole('button', { name: 'Cerrar Caja' })).toHaveFocus();
    await user.click(within(confirmar).getByRole('button', { name: 'Cerrar Caja' }));

    const resumen = await screen.findByRole('dialog', { name: 'Caja cerrada' });
    expect(resumen).toHaveTextContent(/Total ventas\s*\$\s11\.250,00/);
    expect(resumen).toHaveTextContent(/Diferencia\s*-\$\s250,00/);
    expect(calls[0].body).toEqual({ monto_cierre: 21000, observaciones: '', generar_reporte: false });
    // The summary stays until the user leaves it.
    await new Promise((r) => setTimeout(r, 2500));
    expect(reloadPage).not.toHaveBeenCalled();
    expect(within(resumen).getByRole('listitem', { name: 'Efectivo en caja' })).toHaveTextContent('$ 21.250,00');
    expect(within(resumen).getByRole('listitem', { name: 'Débito' })).toHaveTextContent('$ 4.500,00');
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    await user.click(within(resumen).getByRole('button', { name: 'Imprimir' }));
    expect(print).toHaveBeenCalledTimes(1);
    await user.click(within(resumen).getByRole('button', { name: 'Listo' }));
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('optionally counts the cash by denomination: its total is the counted cash, and the count goes with the close', async () => {
    server.use(estadoCaja(makeCaja({ efectivo_esperado: 21250, monto_actual: 21250 })),
      http.get('/api/caja/denominaciones', () => ok([
        { codigo: 'b20000', tipo: 'billete', valor: 20000 }, { codigo: 'b1000', tipo: 'billete', valor: 1000 },
        { codigo: 'm10', tipo: 'moneda', valor: 10 },
      ])));
    const calls = trackPost('caja/cerrar', { ...makeCaja({ estado: 'cerrada' }), monto_cierre: 21010, diferencia: -240, montoFinal: 21250 });
    const { user } = await renderCaja();
    await user.click(await screen.findByRole('button', { name: 'Cerrar Caja' }));
    const form = await screen.findByRole('dialog', { name: 'Cerrar Caja' });
    await user.click(within(form).getByRole('button', { name: 'Contar por denominación (opcional)' }));
    await user.type(await within(form).findByLabelText('Billetes de $ 20.000'), '1');
    await user.type(within(form).getByLabelText('Billetes de $ 1.000'), '1');
    await user.type(within(form).getByLabelText('Monedas de $ 10'), '1');
    expect(form).toHaveTextContent(/Efectivo contado\s*\$\s21\.010,00/);
    expect(form).toHaveTextContent(/Diferencia\s*-\$\s240,00/);
    await user.click(within(form).getByRole('button', { name: 'Continuar' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Confirmar cierre de caja' })).getByRole('button', { name: 'Cerrar Caja' }));
    await screen.findByRole('dialog', { name: 'Caja cerrada' });
    expect(calls[0].body).toEqual({
      monto_cierre: 21010,
      denominaciones: [{ codigo: 'b20000', cantidad: 1 }, { codigo: 'b1000', cantidad: 1 }, { codigo: 'm10', cantidad: 1 }],
      observaciones: '', generar_reporte: false,
    });
  });

  it("lists the user's past registers with their close figures", async () => {
    server.use(estadoCaja(null), historialCajas([{
      id: 3, fecha_apertura: '2026-11-21T11:00:00Z', fecha_cierre: '2026-11-21T21:00:00Z', monto_apertura: 10000,
      total_ventas: 134900, efectivo_esperado: 39900, monto_cierre: 39800, diferencia: -100,
    }]));
    await renderCaja();
    const tabla = await screen.findByRole('table', { name: 'Mis cajas anteriores' });
    const [, fila] = within(tabla).getAllByRole('row');
    expect(fila).toHaveTextContent(/21\/11\/2026 18:00.*\$\s10\.000,00.*\$\s134\.900,00.*\$\s39\.900,00.*\$\s39\.800,00.*-\$\s100,00/);
  });

  it('asks an extra confirmation before closing with a negative balance', async () => {
    server.use(estadoCaja(makeCaja({ total_egresos: 12000, monto_actual: -2000, efectivo_esperado: -2000 })));
    const calls = trackPost('caja/cerrar', { ...makeCaja({ estado: 'cerrada' }), total_ventas: 0, efectivo_esperado: -2000, monto_cierre: 0, diferencia: 2000, montoFinal: -2000 });
    const { user } = await renderCaja();
    await user.click(await screen.findByRole('button', { name: 'Cerrar Caja' }));
    await user.type(within(await screen.findByRole('dialog', { name: 'Cerrar Caja' })).getByLabelText(/Efectivo contado/), '0');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Confirmar cierre de caja' })).getByRole('button', { name: 'Cerrar Caja' }));

    const negativo = await screen.findByRole('dialog', { name: 'Saldo negativo' });
    expect(negativo).toHaveTextContent('El saldo actual es -$ 2.000,00');
    expect(calls).toHaveLength(0);
    await user.click(within(negativo).getByRole('button', { name: 'Cerrar con saldo negativo' }));
    expect(await screen.findByRole('dialog', { name: 'Caja cerrada' })).toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });

  it('flags at the close the offline sales the sync refused, with their money', async () => {
    server.use(estadoCaja(makeCaja({ ventas_offline_rechazadas: { cantidad: 2, monto: 9000 } })));
    const { user } = await renderCaja();
    await user.click(await screen.findByRole('button', { name: 'Cerrar Caja' }));
    const form = await screen.findByRole('dialog', { name: 'Cerrar Caja' });
    expect(within(form).getByRole('alert')).toHaveTextContent(
      '2 ventas sin conexión fueron rechazadas al sincronizar ($ 9.000,00): ese dinero se cobró y no está en esta caja.');
  });

  it('says nothing of offline sales when none was refused', async () => {
    server.use(estadoCaja(makeCaja({ ventas_offline_rechazadas: { cantidad: 0, monto: 0 } })));
    const { user } = await renderCaja();
    await user.click(await screen.findByRole('button', { name: 'Cerrar Caja' }));
    const form = await screen.findByRole('dialog', { name: 'Cerrar Caja' });
    expect(within(form).queryByText('Ventas sin conexión por revisar')).not.toBeInTheDocument();
  });

  it("shows 'Error al Cerrar Caja' when the close fails", async () => {
    server.use(estadoCaja(makeCaja()), http.post('/api/caja/cerrar', () => fail(400, 'No tienes una caja abierta')));
    const { user } = await renderCaja();
    await user.click(await screen.findByRole('button', { name: 'Cerrar Caja' }));
    await user.type(within(await screen.findByRole('dialog', { name: 'Cerrar Caja' })).getByLabelText(/Efectivo contado/), '10000');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Confirmar cierre de caja' })).getByRole('button', { name: 'Cerrar Caja' }));
    expect(await screen.findByRole('dialog', { name: 'Error al Cerrar Caja' })).toHaveTextContent('No tienes una caja abierta');
  });

  it("treats a 400 state answer as no register, silently; other failures say 'No se pudo cargar el estado'", async () => {
    server.use(http.get('/api/caja/estado', () => fail(400, 'Sin caja')));
    const first = renderWithProviders(<GestionCajaPage />);
    expect(await screen.findByText('Caja Cerrada')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    first.unmount();

    server.use(http.get('/api/caja/estado', () => fail(500, 'Error interno')));
    renderWithProviders(<GestionCajaPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudo cargar el estado');
  });

  it('is also reached at /admin/caja', async () => {
    server.use(estadoCaja(null));
    renderApp('/admin/caja');
    expect(await screen.findByRole('heading', { name: 'Gestión de Caja' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/gestion-caja');
  });
});
