import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { readSession, writeSession } from '@/lib/session';
import { makeToken, makeUsuario } from '@/testing/fixtures';
import { renderApp } from '@/testing/render';
import { fail, ok, server } from '@/testing/server';

function renderLogin() {
  const view = renderApp('/admin/login');
  const usuario = screen.getByLabelText('Usuario');
  const password = screen.getByLabelText('Contraseña');
  const submit = screen.getByRole('button', { name: 'Ingresar' });
  return { ...view, usuario, password, submit };
}

describe('LoginPage', () => {
  it('starts with the focus in Usuario and links back to the landing page', () => {
    const { usuario } = renderLogin();
    expect(usuario).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/');
  });

  it('shows both required messages on submit and sends nothing', async () => {
    let calls = 0;
    server.use(http.post('/api/auth/login', () => {
      calls += 1;
      return fail(401, 'Credenciales inválidas');
    }));
    const { user, usuario, password, submit } = renderLogin();
    expect(screen.queryByText('Por favor ingrese su usuario')).not.toBeInTheDocument();

    await user.type(usuario, '   ');
    await user.type(password, '  ');
    await user.click(submit);

    expect(await screen.findByText('Por favor ingrese su usuario')).toBeInTheDocument();
    expect(screen.getByText('Por favor ingrese su contraseña')).toBeInTheDocument();
    expect(calls).toBe(0);
  });

  it('trims both fields, stores the session and ends on the dashboard', async () => {
    let body: unknown;
    const usuario = makeUsuario('vendedor');
    const token = makeToken();
    server.use(http.post('/api/auth/login', async ({ request }) => {
      body = await request.json();
      return ok({ token, usuario });
    }));
    const { user, usuario: usuarioInput, password, submit } = renderLogin();

    await user.type(usuarioInput, '  vendedor  ');
    await user.type(password, ' Muelle.2026 ');
    await user.click(submit);

    expect(await screen.findByRole('heading', { name: 'Dashboard de Ventas' })).toBeInTheDocument();
    expect(body).toEqual({ nombre_usuario: 'vendedor', password: 'Muelle.2026' });
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/dashboard');
    expect(readSession()).toEqual({ token, usuario });
  });

  it('disables the form while the login is in flight', async () => {
    let answer: (response: Response) => void = () => {};
    server.use(http.post('/api/auth/login', () => new Promise<Response>((resolve) => { answer = resolve; })));
    const { user, usuario, password, submit } = renderLogin();

    await user.type(usuario, 'vendedor');
    await user.type(password, 'Muelle.2026');
    await user.click(submit);

    await waitFor(() => expect(usuario).toBeDisabled());
    expect(password).toBeDisabled();
    expect(submit).toBeDisabled();

    answer(HttpResponse.json({ success: false, message: 'Credenciales inválidas' }, { status: 401 }));
    await waitFor(() => expect(usuario).toBeEnabled());
    expect(password).toBeEnabled();
  });

  it.each([
    ['the server message', fail(401, 'Credenciales inválidas'), 'Credenciales inválidas'],
    ['a lockout message', fail(429, 'Demasiados intentos. Intenta nuevamente en 15 minutos.'), 'Demasiados intentos. Intenta nuevamente en 15 minutos.'],
    ['no message', new HttpResponse('Internal error', { status: 500 }), 'Credenciales inválidas'],
    ['a network failure', HttpResponse.error(), 'Error de conexión. Por favor intente nuevamente.'],
  ])('shows %s', async (_case, response, message) => {
    server.use(http.post('/api/auth/login', () => response));
    const { user, usuario, password, submit } = renderLogin();

    await user.type(usuario, 'vendedor');
    await user.type(password, 'incorrecta');
    await user.click(submit);

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(readSession()).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/login');
  });

  it('sends a logged-in user straight to the dashboard', async () => {
    writeSession({ token: makeToken(), usuario: makeUsuario('lancha') });
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Control de Embarque' })).toBeInTheDocument();
  });
});
