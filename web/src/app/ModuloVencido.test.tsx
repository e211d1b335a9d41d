import { screen } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { signIn } from '@/testing/fixtures';
import { renderApp } from '@/testing/render';
import { fail, server } from '@/testing/server';

describe('a module that expired while its screen is open', () => {
  it("shows the server's answer, which says when it expired", async () => {
    signIn('admin');
    server.use(http.get('/api/config/clientes', () => fail(403, 'El módulo Clientes venció el 24/11/2026')));
    renderApp('/admin/clientes');
    const alerta = await screen.findByRole('alert');
    expect(alerta).toHaveTextContent('Error al cargar clientes');
    expect(alerta).toHaveTextContent('El módulo Clientes venció el 24/11/2026');
  });
});
