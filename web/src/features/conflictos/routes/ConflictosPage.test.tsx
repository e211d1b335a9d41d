import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '@/testing/fixtures';
import { eventosEnVivo, makeConflicto, mockConflictos, type Resolucion } from '@/testing/handlers/conflictos';
import { fakeMediaQueryList } from '@/testing/media';
import { renderApp } from '@/testing/render';

/** A ticket boarded on two phones (the later scan synced first, so the server lists it as `primero`), a sale refused with its money, and a boarding of an online ticket. */
function pendientes() {
  return [
    makeConflicto({
      id: 3,
      primero: { usuario: 'Sofía Paz', dispositivo: 'Celular de popa (7HX2)', momento: '2026-11-26T13:06:45Z' },
      segundo: { usuario: 'Lucas Marino', dispositivo: 'Celular de proa (K3ZQ)', momento: '2026-11-26T13:05:07Z' },
    }),
    makeConflicto({
      id: 2, tipo: 'venta_rechazada', numero_pasaje: '', primero: null, monto: 1500.5, caja_id: 12, created_at: '2026-11-26T12:00:00Z',
      detalle: 'La caja de la venta se cerró y el vendedor no tiene otra abierta: la venta queda para revisar en el cierre',
      segundo: { usuario: 'Marta Ríos', dispositivo: 'Mostrador 1 (R2D2)', momento: '2026-11-25T22:40:00Z' },
    }),
    makeConflicto({
      id: 1, numero_pasaje: 'LD-20261126-000007', created_at: '2026-11-26T11:00:00Z',
      primero: { usuario: 'Juan Gómez', dispositivo: '', momento: '2026-11-26T10:50:00Z' },
      segundo: { usuario: 'Lucas Marino', dispositivo: 'Celular de proa (K3ZQ)', momento: '2026-11-26T10:55:30Z' },
    }),
  ];
}

const RESUELTO = makeConflicto({
  id: 9, tipo: 'embarque_rechazado', numero_pasaje: 'LD-20261120-000300', primero: null,
  detalle: 'El pasaje estaba cancelado: el embarque queda como conflicto para el supervisor',
  resuelto_en: '2026-11-24T18:30:00Z', resuelto_por: 'Ana Pérez', nota: 'Se devolvió el dinero al pasajero',
});

/** A passenger boarded offline into a departure that was full when the act synced: boarded, on no departure. */
const SIN_LUGAR = makeConflicto({
  id: 5, tipo: 'embarque_sin_lugar', numero_pasaje: 'LD-20261126-000050', pasaje_id: 50, primero: null, created_at: '2026-11-26T13:30:00Z',
  detalle: 'Embarcación completa: capacidad habilitada 3 pasajeros. El pasajero embarcó sin conexión y no figura en la salida ' +
    'de las 10:30: muévalo a otra salida o corrija el manifiesto',
  segundo: { usuario: 'Lucas Marino', dispositivo: 'Celular de proa (K3ZQ)', momento: '2026-11-26T13:25:10Z' },
});

const celdas = (fila: HTMLElement) => within(fila).getAllByRole('cell').map((c) => c.textContent);

function renderScreen(rol = 'supervisor') {
  signIn(rol);
  return renderApp('/admin/conflictos');
}

afterEach(() => vi.mocked(window.matchMedia).mockImplementation((query: string) => fakeMediaQueryList(query, false)));

describe('offline conflicts screen', () => {
  it('lists the pending conflicts: when, kind, ticket, detail, both acts in the order they happened, the money and its register', async () => {
    const consultas: URLSearchParams[] = [];
    mockConflictos(pendientes(), [], consultas);
    renderScreen();
    expect(await screen.findByRole('heading', { name: 'Conflictos offline', level: 1 })).toBeInTheDocument();
    const tabla = await screen.findByRole('table', { name: 'Conflictos' });
    const [cabecera, duplicado, venta, enLinea] = within(tabla).getAllByRole('row');
    expect(within(cabecera).getAllByRole('columnheader').map((c) => c.textContent)).toEqual(
      ['Conflicto', 'Detalle', 'Primer embarque', 'Segundo', 'Acciones'],
    );
    expect(celdas(duplicado)).toEqual([
      'Embarque duplicadoLD-20261126-00004126/11/2026 10:20',
      'El pasaje ya había embarcado en otro dispositivo: el embarque queda como conflicto para el supervisor',
      'Lucas Marino · Celular de proa (K3ZQ) · 10:05:07', 'Sofía Paz · Celular de popa (7HX2) · 10:06:45', 'Marcar resuelto',
    ]);
    // a sale refused: no ticket number nor first act, the money taken with its register, the sale's own day when it differs
    expect(celdas(venta)).toEqual([
      'Venta rechazada—26/11/2026 09:00',
      'La caja de la venta se cerró y el vendedor no tiene otra abierta: la venta queda para revisar en el cierreMonto: $\u00a01.500,50 · Caja #12',
      '—', 'Marta Ríos · Mostrador 1 (R2D2) · 25/11/2026 19:40:00', 'Marcar resuelto',
    ]);
    expect(celdas(enLinea)[2]).toBe('Juan Gómez · En línea · 07:50:00');
    expect(screen.getByText('Mostrando 1 a 3 de 3 resultados')).toBeInTheDocument();
    expect(Object.fromEntries(consultas[0])).toEqual({ estado: 'pendientes', page: '1', limit: '20' });
  });

  it('resolves one with a note: POSTs it with an Idempotency-Key, shows the server message, and it leaves the pending list', async () => {
    const conflictos = pendientes();
    const resoluciones: Resolucion[] = mockConflictos(conflictos);
    const { user } = renderScreen();
    const tabla = await screen.findByRole('table', { name: 'Conflictos' });
    const fila = within(tabla).getAllByRole('row')[1];
    await user.click(within(fila).getByRole('button', { name: 'Marcar resuelto' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Marcar conflicto resuelto' });
    expect(dialogo).toHaveTextContent('Embarque duplicado del pasaje LD-20261126-000041');
    const nota = within(dialogo).getByLabelText(/Nota \(opcional\)/);
    expect(nota).toHaveAttribute('maxlength', '500');
    await user.type(nota, '  Se habló con la tripulación de popa ');
    await user.click(within(dialogo).getByRole('button', { name: 'Marcar resuelto' }));

    expect(await screen.findByText('Conflicto marcado como resuelto')).toBeInTheDocument();
    expect(resoluciones).toEqual([{
      path: '/api/sync/conflictos/3/resolver', body: { nota: 'Se habló con la tripulación de popa' },
      clave: expect.stringMatching(/^[0-9a-f-]{32,36}$/),
    }]);
    await waitFor(() => expect(screen.getByText('Mostrando 1 a 2 de 2 resultados')).toBeInTheDocument());
    expect(within(tabla).queryByText('LD-20261126-000041')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("keeps the dialog and its key when the server refuses, and says why", async () => {
    const resoluciones = mockConflictos(pendientes());
    const { server, fail } = await import('@/testing/server');
    const { http } = await import('msw');
    server.use(http.post('/api/sync/conflictos/:id/resolver', async ({ request }) => {
      resoluciones.push({ path: new URL(request.url).pathname, body: await request.json(), clave: request.headers.get('Idempotency-Key') });
      return fail(503, 'El servicio no está disponible en este momento');
    }));
    const { user } = renderScreen();
    const tabla = await screen.findByRole('table', { name: 'Conflictos' });
    await user.click(within(within(tabla).getAllByRole('row')[2]).getByRole('button', { name: 'Marcar resuelto' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Marcar conflicto resuelto' });
    await user.click(within(dialogo).getByRole('button', { name: 'Marcar resuelto' }));
    expect(await within(dialogo).findByRole('alert')).toHaveTextContent('El servicio no está disponible en este momento');
    await user.click(within(dialogo).getByRole('button', { name: 'Marcar resuelto' }));
    await waitFor(() => expect(resoluciones).toHaveLength(2));
    expect(resoluciones[0]).toMatchObject({ path: '/api/sync/conflictos/2/resolver', body: { nota: '' } });
    expect(resoluciones[1].clave).toBe(resoluciones[0].clave);
  });

  it('shows the resolved ones with who, when and the note', async () => {
    const consultas: URLSearchParams[] = [];
    mockConflictos([...pendientes(), RESUELTO], [], consultas);
    const { user } = renderScreen();
    await screen.findByRole('table', { name: 'Conflictos' });
    await user.click(screen.getByRole('radio', { name: 'Resueltos' }));
    await waitFor(() => expect(consultas.at(-1)?.get('estado')).toBe('resueltos'));
    const tabla = await screen.findByRole('table', { name: 'Conflictos' });
    await waitFor(() => expect(within(tabla).getAllByRole('row')).toHaveLength(2));
    const fila = within(tabla).getAllByRole('row')[1];
    expect(celdas(fila)).toEqual([
      'Embarque rechazadoLD-20261120-00030026/11/2026 10:20',
      'El pasaje estaba cancelado: el embarque queda como conflicto para el supervisor', '—',
      'Sofía Paz · Celular de popa (7HX2) · 10:06:45', 'Resuelto por Ana Pérez el 24/11/2026 15:30Se devolvió el dinero al pasajero',
    ]);
    expect(within(tabla).getByRole('columnheader', { name: 'Resolución' })).toBeInTheDocument();
    expect(within(fila).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says when nothing is pending', async () => {
    mockConflictos([RESUELTO]);
    renderScreen();
    expect(await screen.findByText('No hay conflictos pendientes')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('pages through the list', async () => {
    const muchos = Array.from({ length: 23 }, (_, i) => makeConflicto({ id: 100 - i, numero_pasaje: `LD-20261126-${String(i + 1).padStart(6, '0')}` }));
    const consultas: URLSearchParams[] = [];
    mockConflictos(muchos, [], consultas);
    const { user } = renderScreen();
    expect(await screen.findByText('Mostrando 1 a 20 de 23 resultados')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByText('Mostrando 21 a 23 de 23 resultados')).toBeInTheDocument();
    expect(consultas.at(-1)?.get('page')).toBe('2');
    expect(screen.getByRole('button', { name: 'Siguiente' })).toBeDisabled();
  });

  it('goes back a page when the last conflict of the last page is resolved', async () => {
    const muchos = Array.from({ length: 21 }, (_, i) => makeConflicto({ id: 100 - i, numero_pasaje: `LD-20261126-${String(i + 1).padStart(6, '0')}` }));
    mockConflictos(muchos);
    const { user } = renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByText('Mostrando 21 a 21 de 21 resultados')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Marcar resuelto' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Marcar conflicto resuelto' });
    await user.click(within(dialogo).getByRole('button', { name: 'Marcar resuelto' }));
    expect(await screen.findByText('Mostrando 1 a 20 de 20 resultados')).toBeInTheDocument();
  });

  it('refreshes when a new conflict is announced (alertaSistema) and with Actualizar', async () => {
    const conflictos = pendientes().slice(1);
    mockConflictos(conflictos);
    const eventos = eventosEnVivo();
    const { user } = renderScreen();
    expect(await screen.findByText('Mostrando 1 a 2 de 2 resultados')).toBeInTheDocument();
    await eventos.listo;
    conflictos.unshift(pendientes()[0]);
    eventos.enviar({ id: 41, evento: 'alertaSistema', datos: { tipo: 'conflicto_offline', titulo: 'Conflicto al sincronizar', mensaje: 'Pasaje LD-20261126-000041, dispositivo 7HX2: El pasaje ya había embarcado en otro dispositivo' } });
    expect(await screen.findByText('Mostrando 1 a 3 de 3 resultados')).toBeInTheDocument();
    expect(screen.getByText('LD-20261126-000041')).toBeInTheDocument();

    conflictos.shift();
    await user.click(screen.getByRole('button', { name: 'Actualizar' }));
    expect(await screen.findByText('Mostrando 1 a 2 de 2 resultados')).toBeInTheDocument();
  });

  it('shows every mark of the sync in Spanish, and a sale with its tickets and money, on the table and on a phone', async () => {
    const marcada = makeConflicto({
      id: 7, tipo: 'venta_rechazada', numero_pasaje: 'LD-K3ZQ-20261126-000004, LD-K3ZQ-20261126-000005', pasaje_id: null,
      primero: null, monto: 90, caja_id: 12, marcas: ['precio_desactualizado', 'dispositivo_revocado'],
      detalle: 'Un pasaje de la venta tiene un precio que la tabla no tenía desde la última sincronización del dispositivo: ' +
        'la venta queda para revisar en el cierre',
    });
    const observada = makeConflicto({
      id: 8, tipo: 'accion_observada', numero_pasaje: 'LD-K3ZQ-20261126-000006', primero: null, monto: 45, caja_id: 13,
      marcas: ['caja_cerrada', 'reloj_desfasado'], detalle: 'Sincronizada con observaciones: Caja cerrada, Reloj del dispositivo desfasado',
    });
    mockConflictos([marcada, observada]);
    const { unmount } = renderScreen();
    const tabla = await screen.findByRole('table', { name: 'Conflictos' });
    const [, venta, aplicada] = within(tabla).getAllByRole('row');
    // a sale's tickets, one a line
    expect(within(venta).getByText('LD-K3ZQ-20261126-000004')).toBeInTheDocument();
    expect(within(venta).getByText('LD-K3ZQ-20261126-000005')).toBeInTheDocument();
    expect(celdas(venta)[1]).toContain('Monto: $\u00a090,00 · Caja #12');
    const marcas = (fila: HTMLElement) =>
      within(within(fila).getByRole('list', { name: 'Observaciones' })).getAllByRole('listitem').map((m) => m.textContent);
    expect(marcas(venta)).toEqual(['Precio desactualizado', 'Dispositivo revocado']);
    expect(celdas(aplicada)[0]).toContain('Sincronizada con observacionesLD-K3ZQ-20261126-000006');
    expect(marcas(aplicada)).toEqual(['Caja cerrada', 'Reloj del dispositivo desfasado']);
    unmount();

    vi.mocked(window.matchMedia).mockImplementation((query: string) => fakeMediaQueryList(query, query.includes('max-width')));
    renderScreen();
    const lista = await screen.findByRole('list', { name: 'Conflictos' });
    const tarjeta = within(lista).getByRole('listitem', { name: 'Venta rechazada LD-K3ZQ-20261126-000004, LD-K3ZQ-20261126-000005' });
    expect(tarjeta).toHaveTextContent('Monto$ 90,00 · Caja #12');
    expect(marcas(tarjeta)).toEqual(['Precio desactualizado', 'Dispositivo revocado']);
  });

  it('shows one card per conflict on a phone, a boarding without a seat too', async () => {
    vi.mocked(window.matchMedia).mockImplementation((query: string) => fakeMediaQueryList(query, query.includes('max-width')));
    mockConflictos([SIN_LUGAR, ...pendientes()]);
    renderScreen();
    const lista = await screen.findByRole('list', { name: 'Conflictos' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const tarjeta = within(lista).getByRole('listitem', { name: 'Embarque duplicado LD-20261126-000041' });
    expect(tarjeta).toHaveTextContent('Primer embarqueLucas Marino · Celular de proa (K3ZQ) · 10:05:07');
    expect(tarjeta).toHaveTextContent('SegundoSofía Paz · Celular de popa (7HX2) · 10:06:45');
    expect(within(tarjeta).getByRole('button', { name: 'Marcar resuelto' })).toBeInTheDocument();
    const venta = within(lista).getByRole('listitem', { name: 'Venta rechazada' });
    expect(venta).toHaveTextContent('Monto$ 1.500,50 · Caja #12');
    const sinLugar = within(lista).getByRole('listitem', { name: 'Embarque sin lugar en la salida LD-20261126-000050' });
    expect(sinLugar).toHaveTextContent('Embarcación completa: capacidad habilitada 3 pasajeros.');
    expect(sinLugar).toHaveTextContent('Primer embarque—SegundoLucas Marino · Celular de proa (K3ZQ) · 10:25:10');
  });

  it('shows a boarding without a seat in its departure with its kind, its detail, and what to do before resolving it', async () => {
    const resoluciones = mockConflictos([SIN_LUGAR, ...pendientes()]);
    const { user } = renderScreen();
    const tabla = await screen.findByRole('table', { name: 'Conflictos' });
    const fila = within(tabla).getAllByRole('row')[1];
    expect(celdas(fila)).toEqual([
      'Embarque sin lugar en la salidaLD-20261126-00005026/11/2026 10:30',
      'Embarcación completa: capacidad habilitada 3 pasajeros. El pasajero embarcó sin conexión y no figura en la salida de las ' +
        '10:30: muévalo a otra salida o corrija el manifiesto',
      '—', 'Lucas Marino · Celular de proa (K3ZQ) · 10:25:10', 'Marcar resuelto',
    ]);
    await user.click(within(fila).getByRole('button', { name: 'Marcar resuelto' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Marcar conflicto resuelto' });
    expect(dialogo).toHaveTextContent('Embarque sin lugar en la salida del pasaje LD-20261126-000050: Embarcación completa');
    expect(dialogo).toHaveTextContent(
      'El pasajero embarcó, pero no figura en ninguna salida ni ocupa un asiento: muévalo a la salida en que viajó ' +
      '(o, si esa salida ya zarpó, agréguelo con una corrección del manifiesto) y después márquelo resuelto.',
    );
    await user.type(within(dialogo).getByLabelText(/Nota \(opcional\)/), 'Movido a la salida de las 11:30');
    await user.click(within(dialogo).getByRole('button', { name: 'Marcar resuelto' }));
    await waitFor(() => expect(resoluciones).toHaveLength(1));
    expect(resoluciones[0]).toMatchObject({ path: '/api/sync/conflictos/5/resolver', body: { nota: 'Movido a la salida de las 11:30' } });
  });

  it("moves the passenger of a boarding without a seat into a departure of the scan's day, and notes it", async () => {
    const resoluciones = mockConflictos([SIN_LUGAR]);
    const { server, fail } = await import('@/testing/server');
    const { http } = await import('msw');
    const { okWithMessage, ok } = await import('@/testing/http');
    const { salida } = await import('@/testing/handlers/salidas');
    const fechas: (string | null)[] = [];
    const movimientos: { path: string; body: unknown; clave: string | null }[] = [];
    let respuestas = 0;
    server.use(
      http.get('/api/salidas', ({ request }) => {
        fechas.push(new URL(request.url).searchParams.get('fecha'));
        return ok([
          salida(7, '10:30', 'embarcando', { embarcados: 3, capacidad: 3, fecha: '2026-11-26' }),
          salida(8, '11:30', 'programada', { embarcados: 1, capacidad: 3, fecha: '2026-11-26' }),
          salida(9, '09:00', 'zarpo', { fecha: '2026-11-26' }),
        ]);
      }),
      http.post('/api/pasajes/:id/mover-salida', async ({ request }) => {
        movimientos.push({ path: new URL(request.url).pathname, body: await request.json(), clave: request.headers.get('Idempotency-Key') });
        if (respuestas++ === 0) return fail(503, 'El servicio no está disponible en este momento');
        return okWithMessage({ pasaje_id: 50, numero_pasaje: 'LD-20261126-000050', desde: null,
          hasta: salida(8, '11:30', 'embarcando', { embarcados: 2, capacidad: 3 }) }, 'Pasajero movido a la salida de las 11:30');
      }),
    );
    const { user } = renderScreen();
    const tabla = await screen.findByRole('table', { name: 'Conflictos' });
    await user.click(within(within(tabla).getAllByRole('row')[1]).getByRole('button', { name: 'Marcar resuelto' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Marcar conflicto resuelto' });
    const boton = within(dialogo).getByRole('button', { name: 'Mover a esta salida' });
    expect(boton).toBeDisabled();
    const select = within(dialogo).getByRole('combobox', { name: 'Salida en que viajó' });
    await waitFor(() => expect(select).toBeEnabled());
    await user.click(select);
    // the sailed departure is not offered
    expect(await screen.findByRole('option', { name: '10:30 · Tigre – Tres Bocas · Ida · 3/3 a bordo', hidden: true })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /09:00/, hidden: true })).not.toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: '11:30 · Tigre – Tres Bocas · Ida · 1/3 a bordo', hidden: true }));
    expect(fechas).toContain('2026-11-26');
    await user.click(boton);
    expect(await within(dialogo).findByRole('alert')).toHaveTextContent('El servicio no está disponible en este momento');
    await user.click(within(dialogo).getByRole('button', { name: 'Mover a esta salida' }));
    expect(await within(dialogo).findByText('Pasajero movido a la salida de las 11:30')).toBeInTheDocument();
    expect(movimientos).toHaveLength(2);
    expect(movimientos[0]).toMatchObject({ path: '/api/pasajes/50/mover-salida', body: { salida_id: 8 } });
    expect(movimientos[1].clave).toBe(movimientos[0].clave);
    expect(within(dialogo).getByLabelText(/Nota \(opcional\)/)).toHaveValue('Movido a la salida de las 11:30');
    await user.click(within(dialogo).getByRole('button', { name: 'Marcar resuelto' }));
    await waitFor(() => expect(resoluciones).toHaveLength(1));
    expect(resoluciones[0]).toMatchObject({ body: { nota: 'Movido a la salida de las 11:30' } });
  });

  it('names the passengers an offline sale left without names from the conflict, and notes it', async () => {
    const venta = makeConflicto({
      id: 6, tipo: 'accion_observada', numero_pasaje: 'LD-20261126-000060, LD-20261126-000061', primero: null, marcas: ['sin_nombres'],
      detalle: 'Venta sincronizada con observaciones', segundo: { usuario: 'Marta Ríos', dispositivo: 'Mostrador 1 (R2D2)', momento: '2026-11-26T13:00:00Z' },
    });
    const resoluciones = mockConflictos([venta]);
    const { server } = await import('@/testing/server');
    const { http } = await import('msw');
    const { okWithMessage, ok } = await import('@/testing/http');
    const guardados: { body: unknown; clave: string | null }[] = [];
    const pasajes = [
      { id: 60, numero_pasaje: 'LD-20261126-000060', fecha_viaje: '2026-11-26', pasajero: { nombre: 'Ana Offline', documento_tipo: 'DNI',
        documento_numero: '30111222', nacionalidad: '', fecha_nacimiento: '', franja_edad: '', sexo: '' } },
      { id: 61, numero_pasaje: 'LD-20261126-000061', fecha_viaje: '2026-11-26', pasajero: null },
    ];
    server.use(
      http.get('/api/sync/conflictos/6/pasajes', () => ok(pasajes)),
      http.put('/api/sync/conflictos/6/pasajeros', async ({ request }) => {
        guardados.push({ body: await request.json(), clave: request.headers.get('Idempotency-Key') });
        return okWithMessage([pasajes[0], { ...pasajes[1], pasajero: { ...pasajes[0].pasajero, nombre: 'Beto Offline', documento_numero: '30222333' } }],
          'Pasajeros guardados exitosamente');
      }),
    );
    const { user } = renderScreen();
    const tabla = await screen.findByRole('table', { name: 'Conflictos' });
    await user.click(within(within(tabla).getAllByRole('row')[1]).getByRole('button', { name: 'Marcar resuelto' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Marcar conflicto resuelto' });
    expect(await within(dialogo).findByLabelText('Nombre y apellido del pasaje LD-20261126-000060')).toHaveValue('Ana Offline');
    await user.click(within(dialogo).getByRole('button', { name: 'Guardar nombres' }));
    expect(await within(dialogo).findByRole('alert')).toHaveTextContent('Escriba el nombre de al menos un pasajero');
    expect(guardados).toHaveLength(0);
    await user.type(within(dialogo).getByLabelText('Nombre y apellido del pasaje LD-20261126-000061'), 'Beto Offline');
    await user.type(within(dialogo).getByLabelText('Número de documento del pasaje LD-20261126-000061'), '30222333{Enter}');
    expect(await screen.findByText('Pasajeros guardados exitosamente')).toBeInTheDocument();
    expect(guardados).toEqual([{ body: { pasajeros: [{ pasaje_id: 61, nombre: 'Beto Offline', documento_tipo: 'DNI', documento_numero: '30222333' }] },
      clave: expect.stringMatching(/^[0-9a-f-]{32,36}$/) }]);
    expect(within(dialogo).getByLabelText(/Nota \(opcional\)/)).toHaveValue('Se completó 1 nombre');
    expect(resoluciones).toHaveLength(0);
    await user.click(within(dialogo).getByRole('button', { name: 'Marcar resuelto' }));
    await waitFor(() => expect(resoluciones).toHaveLength(1));
  });

  it('offers no move to whoever does not board', async () => {
    mockConflictos([SIN_LUGAR]);
    signIn('supervisor', { rolInfo: { nombre: 'auditor', permisos: { pasajes: { editar: true } } } });
    const { user } = renderApp('/admin/conflictos');
    const tabla = await screen.findByRole('table', { name: 'Conflictos' });
    await user.click(within(within(tabla).getAllByRole('row')[1]).getByRole('button', { name: 'Marcar resuelto' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Marcar conflicto resuelto' });
    expect(within(dialogo).queryByRole('button', { name: 'Mover a esta salida' })).not.toBeInTheDocument();
  });

  it('does not add the hint to the other kinds', async () => {
    mockConflictos(pendientes());
    const { user } = renderScreen();
    const tabla = await screen.findByRole('table', { name: 'Conflictos' });
    await user.click(within(within(tabla).getAllByRole('row')[1]).getByRole('button', { name: 'Marcar resuelto' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Marcar conflicto resuelto' });
    expect(dialogo).not.toHaveTextContent('no figura en ninguna salida');
  });

  it('is not for a seller', async () => {
    renderScreen('vendedor');
    expect(await screen.findByRole('heading', { name: 'Acceso Denegado' })).toBeInTheDocument();
  });
});
