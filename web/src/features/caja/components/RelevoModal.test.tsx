import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { EstadoCaja } from '@/api/caja';
import type { RelevoCaja } from '@/api/cajaOperaciones';
import { readSession } from '@/lib/session';
import { makeToken, makeUsuario } from '@/testing/fixtures';
import { estadoCaja, historialCajas, makeCaja, signInVendedor } from '@/testing/handlers/caja';
import { catalogHandlers } from '@/testing/handlers/config';
import { renderWithProviders } from '@/testing/render';
import { fail, ok, server } from '@/testing/server';
import { GestionCajaPage } from '@/features/caja/routes/GestionCajaPage';

const TOKEN_ENTRANTE = makeToken(undefined, { userId: 9 });
const SOFIA = makeUsuario('vendedor', {
  id: 9, nombre_usuario: 'sofia', nombre: 'Sofía', apellido: 'Luna',
  rolInfo: { nombre: 'vendedor', permisos: { caja: { abrir: true, cerrar: true, movimientos: true, ver: true } } },
});
const NUEVA = makeCaja({ id: 12, usuario_id: 9, usuario_nombre: 'Sofía Luna', usuario: { nombre_usuario: 'sofia' }, monto_apertura: 2000,
  monto_actual: 2000, efectivo_esperado: 2000, observaciones: 'Relevo de turno de la caja #7' });

function relevo(pendiente = false): RelevoCaja {
  return {
    cierre: { ...makeCaja({ efectivo_esperado: 21250 }), estado: pendiente ? 'abierta' : 'cerrada', pendiente_aprobacion: pendiente,
      monto_cierre: 21250, diferencia: pendiente ? null : 0 },
    caja: NUEVA,
    sesion: { token: TOKEN_ENTRANTE, usuario: SOFIA },
  };
}

/** The register each session sees: the outgoing seller's until the handover, the incoming one's after. */
function estadoPorSesion() {
  return http.get('/api/caja/estado', ({ request }) => {
    const entrante = request.headers.get('Authorization') === `Bearer ${TOKEN_ENTRANTE}`;
    const caja = entrante ? NUEVA : makeCaja({ efectivo_esperado: 21250, monto_actual: 21250 });
    const estado: EstadoCaja = { cajaAbierta: true, caja, movimientos: [] };
    return ok(estado);
  });
}

async function abrirRelevo() {
  const view = renderWithProviders(<GestionCajaPage />, { route: '/admin/gestion-caja' });
  await view.user.click(await screen.findByRole('button', { name: 'Relevo de turno' }));
  return { ...view, dialog: await screen.findByRole('dialog', { name: 'Relevo de turno' }) };
}

describe('RelevoModal', () => {
  beforeEach(() => {
    signInVendedor();
    server.use(...catalogHandlers, estadoPorSesion(), historialCajas());
  });

  it('hands the counter over: a refused password stays in the dialog, then the screen goes on as the incoming seller', async () => {
    const intentos: { body: Record<string, unknown>; key: string | null }[] = [];
    const salidas: (string | null)[] = [];
    server.use(
      http.post('/api/caja/relevo', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        intentos.push({ body, key: request.headers.get('Idempotency-Key') });
        const { password } = body.entrante as { password: string };
        if (password !== 'Muelle.2026') return fail(403, 'Usuario o contraseña del vendedor entrante incorrectos');
        return ok(relevo(), { status: 201 });
      }),
      http.post('/api/auth/logout', ({ request }) => { salidas.push(request.headers.get('Authorization')); return ok(null); }),
    );
    const saliente = readSession()?.token;
    const { user, dialog } = await abrirRelevo();
    expect(within(dialog).getByLabelText(/Efectivo contado/)).toHaveFocus();
    expect(dialog).toHaveTextContent(/Efectivo esperado: \$\s21\.250,00/);
    const realizar = within(dialog).getByRole('button', { name: 'Realizar relevo' });
    expect(realizar).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/Efectivo contado/), '21250');
    await user.type(within(dialog).getByLabelText(/Apertura del vendedor entrante/), '2000');
    await user.type(within(dialog).getByLabelText(/Usuario del vendedor entrante/), 'sofia');
    await user.type(within(dialog).getByLabelText(/Contraseña del vendedor entrante/), 'mala');
    await user.click(realizar);
    const clave = within(dialog).getByLabelText(/Contraseña del vendedor entrante/);
    await waitFor(() => expect(clave).toHaveFocus());
    expect(clave).toHaveValue('');
    expect(clave).toHaveAccessibleDescription('Usuario o contraseña del vendedor entrante incorrectos');
    expect(within(dialog).getByLabelText(/Usuario del vendedor entrante/)).toHaveValue('sofia');
    expect(readSession()?.usuario.nombre_usuario).toBe('vendedor');

    await user.type(clave, 'Muelle.2026{Enter}');
    expect(await screen.findByText('Relevo de turno realizado: caja abierta para Sofía Luna con $ 2.000,00')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Relevo de turno' })).not.toBeInTheDocument());
    expect(intentos.map((i) => i.body)).toEqual([
      { monto_cierre: 21250, monto_apertura: 2000, entrante: { nombre_usuario: 'sofia', password: 'mala' } },
      { monto_cierre: 21250, monto_apertura: 2000, entrante: { nombre_usuario: 'sofia', password: 'Muelle.2026' } },
    ]);
    expect(intentos[1].key).toBeTruthy();
    // The tab is the incoming seller's now; the outgoing session ended on the server.
    expect(readSession()).toEqual({ token: TOKEN_ENTRANTE, usuario: SOFIA });
    await waitFor(() => expect(salidas).toEqual([`Bearer ${saliente}`]));
    const observaciones = await screen.findByText('Relevo de turno de la caja #7');
    expect(observaciones).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Monto Apertura' })).getByText(/\$\s2\.000,00/)).toBeInTheDocument();
  });

  it('checks the amounts before sending, and says above the form why the server refused', async () => {
    let enviados = 0;
    server.use(http.post('/api/caja/relevo', () => {
      enviados++;
      return fail(409, 'El vendedor entrante ya tiene una caja abierta: debe cerrarla antes del relevo');
    }));
    const { user, dialog } = await abrirRelevo();
    await user.type(within(dialog).getByLabelText(/Usuario del vendedor entrante/), 'sofia');
    await user.type(within(dialog).getByLabelText(/Contraseña del vendedor entrante/), 'Muelle.2026');
    await user.click(within(dialog).getByRole('button', { name: 'Realizar relevo' }));
    expect(within(dialog).getByLabelText(/Efectivo contado/)).toHaveAccessibleDescription(/Este campo es obligatorio/);
    await user.type(within(dialog).getByLabelText(/Efectivo contado/), '1000');
    await user.type(within(dialog).getByLabelText(/Apertura del vendedor entrante/), '1500');
    await user.click(within(dialog).getByRole('button', { name: 'Realizar relevo' }));
    expect(within(dialog).getByLabelText(/Apertura del vendedor entrante/)).toHaveAccessibleDescription(/No puede superar el efectivo contado/);
    expect(enviados).toBe(0);
    await user.clear(within(dialog).getByLabelText(/Apertura del vendedor entrante/));
    await user.click(within(dialog).getByRole('button', { name: 'Realizar relevo' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('El vendedor entrante ya tiene una caja abierta: debe cerrarla antes del relevo');
    expect(enviados).toBe(1);
    expect(within(dialog).getByLabelText(/Contraseña del vendedor entrante/)).toHaveValue('Muelle.2026');
    expect(readSession()?.usuario.nombre_usuario).toBe('vendedor');
  });

  it('says when the outgoing close waits for a supervisor, and goes on', async () => {
    server.use(http.post('/api/caja/relevo', () => ok(relevo(true), { status: 201 })));
    const { user, dialog } = await abrirRelevo();
    await user.type(within(dialog).getByLabelText(/Efectivo contado/), '21250');
    await user.type(within(dialog).getByLabelText(/Usuario del vendedor entrante/), 'sofia');
    await user.type(within(dialog).getByLabelText(/Contraseña del vendedor entrante/), 'Muelle.2026{Enter}');
    expect(await screen.findByText(/El cierre de la caja anterior queda pendiente de la aprobación de un supervisor/)).toBeInTheDocument();
    expect(readSession()?.usuario.nombre_usuario).toBe('sofia');
  });

  it('is not offered while the close waits for approval', async () => {
    server.use(estadoCaja(makeCaja({ pendiente_aprobacion: true })));
    renderWithProviders(<GestionCajaPage />, { route: '/admin/gestion-caja' });
    expect(await screen.findByRole('button', { name: 'Cerrar Caja' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Relevo de turno' })).not.toBeInTheDocument();
  });
});
