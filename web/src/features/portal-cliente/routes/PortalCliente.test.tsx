import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { PanelCliente, SesionCliente } from '@/api/portalCliente';
import { clearSesionCliente, clearSession, readSesionCliente, readToken, writeSesionCliente, writeSession } from '@/lib/session';
import { makeToken, makeUsuario } from '@/testing/fixtures';
import { renderApp } from '@/testing/render';
import { fail, ok, okWithMessage, server } from '@/testing/server';

const sesion: SesionCliente = {
  token: 'token-del-cliente',
  cliente: { id: 7, nombre: 'Ana', apellido: 'Paz', documento: '30111222', empresa_id: 1 },
};

const QR = 'data:image/png;base64,iVBORw0KGgo=';

const panel: PanelCliente = {
  cliente: sesion.cliente,
  empresa: { nombre: 'Lanchas del Delta', direccion: 'Muelle 1' },
  viajes: 3,
  puntos: { saldo: 2600, nivel: 'Plata', progreso: 20, siguiente: 'Oro', puntos_siguiente: 5000, por_vencer: 300, por_vencer_en: '2026-12-10T12:00:00Z' },
  beneficios: [
    { id: 1, nombre: 'Descuento 10%', descripcion: 'En tu próximo viaje', puntos_requeridos: 1000, alcanza: true },
    { id: 2, nombre: 'Pasaje gratis', descripcion: '', puntos_requeridos: 9000, alcanza: false },
  ],
  pasajes: [
    { id: 11, numero_pasaje: 'LD-20261126-000001', fecha_viaje: '2026-11-27', precio: 4500, estado: 'activo', embarcado: false,
      seccion: 'Tigre', tipo_viaje: 'General', created_at: '2026-11-26T12:00:00Z', qr_code: QR },
    { id: 10, numero_pasaje: 'LD-20261120-000009', fecha_viaje: '2026-11-20', precio: 4500, estado: 'usado', embarcado: true,
      seccion: 'Tigre', tipo_viaje: 'General', created_at: '2026-11-20T12:00:00Z', qr_code: '' },
  ],
};

afterEach(() => {
  clearSesionCliente();
  clearSession();
});

describe('the two sessions (operaciones §5)', () => {
  it('a customer session without a staff one is sent from a staff screen to its dashboard', async () => {
    writeSesionCliente(sesion);
    server.use(http.get('/api/cliente-auth/dashboard', () => ok(panel)));
    renderApp('/admin/venta-pasajes');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/cliente/dashboard'));
  });

  it('a staff session without a customer one is sent from the portal to the back office', async () => {
    writeSession({ token: makeToken(), usuario: makeUsuario('vendedor') });
    renderApp('/cliente/login');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/dashboard'));
  });
});

describe('ClienteLoginPage', () => {
  it('after the document offers both Ingresar and Crear o recuperar contraseña, and Volver clears the password', async () => {
    server.use(http.post('/api/cliente-auth/verificar', () => ok({ documento: '30111222' })));
    const { user } = renderApp('/cliente/login');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Ingrese su número de documento');

    await user.type(screen.getByLabelText('Número de documento'), '30111222');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    const password = await screen.findByLabelText('Contraseña');
    expect(screen.getByRole('button', { name: 'Ingresar' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Crear o recuperar contraseña' })).toBeInTheDocument();
    await user.type(password, 'secreto1');
    await user.click(screen.getByRole('button', { name: 'Mostrar u ocultar la contraseña' }));
    expect(password).toHaveAttribute('type', 'text');

    await user.click(screen.getByRole('button', { name: 'Volver' }));
    await user.click(await screen.findByRole('button', { name: 'Continuar' }));
    expect(await screen.findByLabelText('Contraseña')).toHaveValue('');
  });

  it('logs in, keeps the customer token apart from the staff one and opens the dashboard', async () => {
    let body: unknown;
    server.use(
      http.post('/api/cliente-auth/verificar', () => ok({ documento: '30111222' })),
      http.post('/api/cliente-auth/login', async ({ request }) => {
        body = await request.json();
        return okWithMessage(sesion, '¡Bienvenido!');
      }),
      http.get('/api/cliente-auth/dashboard', () => ok(panel)),
    );
    const { user } = renderApp('/cliente/login?empresa=1');
    await user.type(screen.getByLabelText('Número de documento'), ' 30111222 ');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await user.type(await screen.findByLabelText('Contraseña'), 'secreto1');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));

    expect(await screen.findByRole('heading', { name: '¡Hola, Ana!' })).toBeInTheDocument();
    expect(body).toEqual({ documento: '30111222', password: 'secreto1', empresa_id: 1 });
    expect(readSesionCliente()?.token).toBe('token-del-cliente');
    expect(readToken()).toBeNull();
  });

  it('shows the server refusal of a wrong password', async () => {
    server.use(
      http.post('/api/cliente-auth/verificar', () => ok({ documento: '30111222' })),
      http.post('/api/cliente-auth/login', () => fail(401, 'Documento o contraseña incorrectos')),
    );
    const { user } = renderApp('/cliente/login');
    await user.type(screen.getByLabelText('Número de documento'), '30111222');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await user.type(await screen.findByLabelText('Contraseña'), 'mala');
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Documento o contraseña incorrectos');
    expect(readSesionCliente()).toBeNull();
  });

  it('sets the first password with the code sent by e-mail', async () => {
    let setup: unknown;
    server.use(
      http.post('/api/cliente-auth/verificar', () => ok({ documento: '30111222' })),
      http.post('/api/cliente-auth/codigo', () => okWithMessage(null, 'Si el documento está registrado con un correo o un WhatsApp, le enviamos un código válido por 15 minutos.')),
      http.post('/api/cliente-auth/setup-password', async ({ request }) => {
        setup = await request.json();
        return okWithMessage(sesion, 'Contraseña creada. ¡Bienvenido!');
      }),
      http.get('/api/cliente-auth/dashboard', () => ok(panel)),
    );
    const { user } = renderApp('/cliente/login');
    await user.type(screen.getByLabelText('Número de documento'), '30111222');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await user.click(await screen.findByRole('button', { name: 'Crear o recuperar contraseña' }));
    await user.click(await screen.findByRole('button', { name: 'Enviarme un código' }));
    expect(await screen.findByRole('status')).toHaveTextContent('le enviamos un código válido por 15 minutos');

    await user.type(screen.getByLabelText('Nueva contraseña'), 'secreto1');
    await user.type(screen.getByLabelText('Repetir contraseña'), 'secreto1');
    await user.click(screen.getByRole('button', { name: 'Crear contraseña e ingresar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Ingrese el código recibido');

    await user.type(screen.getByLabelText('Código'), '123456');
    await user.click(screen.getByRole('button', { name: 'Crear contraseña e ingresar' }));
    expect(await screen.findByRole('heading', { name: '¡Hola, Ana!' })).toBeInTheDocument();
    expect(setup).toEqual({ documento: '30111222', password: 'secreto1', codigo: '123456' });
  });

  it('refuses a short password before calling the server', async () => {
    let calls = 0;
    server.use(
      http.post('/api/cliente-auth/verificar', () => ok({ documento: '30111222' })),
      http.post('/api/cliente-auth/setup-password', () => {
        calls += 1;
        return fail(400, 'x');
      }),
    );
    const { user } = renderApp('/cliente/login');
    await user.type(screen.getByLabelText('Número de documento'), '30111222');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await user.click(await screen.findByRole('button', { name: 'Crear o recuperar contraseña' }));
    await user.type(await screen.findByLabelText('Código'), '123456');
    await user.type(screen.getByLabelText('Nueva contraseña'), 'corta');
    await user.type(screen.getByLabelText('Repetir contraseña'), 'corta');
    await user.click(screen.getByRole('button', { name: 'Crear contraseña e ingresar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('La contraseña debe tener al menos 6 caracteres');
    expect(calls).toBe(0);
  });

  it('redirects the old public lookup to the customer login', async () => {
    renderApp('/consulta-publica/30111222');
    expect(await screen.findByLabelText('Número de documento')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/cliente/login');
  });
});

describe('ClienteDashboardPage', () => {
  it('without a customer session goes to the login', async () => {
    renderApp('/cliente/dashboard');
    expect(await screen.findByLabelText('Número de documento')).toBeInTheDocument();
  });

  it('shows trips, points, level, what expires, benefits and the QR only of active tickets', async () => {
    writeSesionCliente(sesion);
    let auth: string | null = null;
    server.use(http.get('/api/cliente-auth/dashboard', ({ request }) => {
      auth = request.headers.get('Authorization');
      return ok(panel);
    }));
    const { user } = renderApp('/cliente/dashboard');
    expect(await screen.findByRole('heading', { name: '¡Hola, Ana!' })).toBeInTheDocument();
    expect(await screen.findByText('2.600')).toBeInTheDocument();
    expect(auth).toBe('Bearer token-del-cliente');
    expect(screen.getByText('Plata')).toBeInTheDocument();
    expect(screen.getByText('Te faltan 2.400 puntos para Oro')).toBeInTheDocument();
    expect(screen.getByText('300 puntos vencen el 10/12/2026')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Puntos insuficientes' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Canjear en boletería' }));
    expect(screen.getByText(/en la boletería al comprar tu próximo pasaje/)).toBeInTheDocument();

    expect(screen.getAllByRole('button', { name: 'Ver QR' })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Pase de embarque' }));
    const pase = await screen.findByRole('dialog', { name: 'Pase de embarque' });
    expect(within(pase).getByRole('img', { name: 'Código QR del pasaje LD-20261126-000001' })).toHaveAttribute('src', QR);
    expect(within(pase).getByText('Llegá 15 minutos antes de la salida y presentá este código QR al embarcar.')).toBeInTheDocument();
  });

  it('offers a retry after a load error', async () => {
    writeSesionCliente(sesion);
    let calls = 0;
    server.use(http.get('/api/cliente-auth/dashboard', () => {
      calls += 1;
      return calls === 1 ? fail(503, 'Base de datos no disponible') : ok(panel);
    }));
    const { user } = renderApp('/cliente/dashboard');
    expect(await screen.findByText('Base de datos no disponible')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Lanchas del Delta')).toBeInTheDocument();
  });

  it('a 401 clears the customer session and returns to the login', async () => {
    writeSesionCliente(sesion);
    server.use(http.get('/api/cliente-auth/dashboard', () => fail(401, 'No autenticado. Inicia sesión nuevamente.')));
    renderApp('/cliente/dashboard');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/cliente/login'));
    expect(readSesionCliente()).toBeNull();
  });

  it('logs out: revokes the token and forgets it', async () => {
    writeSesionCliente(sesion);
    let revocado = false;
    server.use(
      http.get('/api/cliente-auth/dashboard', () => ok(panel)),
      http.post('/api/cliente-auth/logout', () => {
        revocado = true;
        return HttpResponse.json({ success: true, message: 'Sesión cerrada' });
      }),
    );
    const { user } = renderApp('/cliente/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Cerrar sesión' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/cliente/login'));
    expect(revocado).toBe(true);
    expect(readSesionCliente()).toBeNull();
  });
});

describe('TerminalFluvialPage', () => {
  it("shows the company's contact, the staff block to the crew and the public timetable as 'Horarios'", async () => {
    writeSession({ token: makeToken(), usuario: makeUsuario('lancha') });
    renderApp('/admin/pasajero');
    expect(await screen.findByRole('heading', { name: 'Terminal Fluvial', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText(/Teléfono de la terminal: \+54 11 4731-0000/)).toBeInTheDocument();
    expect(screen.queryByText(/\{phone\}|\{email\}/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Horarios' })).toHaveAttribute('href', '/horarios');
    expect(screen.getByRole('link', { name: 'Validador de embarque' })).toBeInTheDocument();
  });

  it("sends the passenger's old timetable address to the public timetable", async () => {
    renderApp('/pasajero/horarios');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/horarios'));
  });
});
