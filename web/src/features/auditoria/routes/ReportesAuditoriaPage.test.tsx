import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signIn } from '@/testing/fixtures';
import { auditoria, makeRegistro } from '@/testing/handlers/auditoria';
import { renderApp, renderWithProviders } from '@/testing/render';
import { server } from '@/testing/server';
import { ReportesAuditoriaPage } from './ReportesAuditoriaPage';

const registros = [
  ...Array.from({ length: 60 }, (_, i) => makeRegistro(100 - i, { accion: i % 2 ? 'LOGIN' : 'VENTA_PASAJE' })),
  makeRegistro(1, { usuario_id: null, usuario: null, empresa_id: null, empresa_nombre: '', detalles: '', ip_address: '', exito: false }),
];

function renderPage() {
  const mock = auditoria(registros);
  server.use(...mock.handlers);
  signIn('super_admin');
  return { ...renderWithProviders(<ReportesAuditoriaPage />, { route: '/admin/reportes/auditoria' }), consultas: mock.consultas };
}

describe('ReportesAuditoriaPage', () => {
  it('shows the 7-day cards, the first page of 50 and pages on', async () => {
    const { user, consultas } = renderPage();
    expect(await screen.findByText(/Página 1 de 2/)).toBeInTheDocument();
    expect(consultas[0].toString()).toBe('limite=50&pagina=1');
    expect(screen.getByRole('group', { name: 'Eventos (7 días)' })).toHaveTextContent('128');
    expect(screen.getByRole('group', { name: 'Inicios de sesión' })).toHaveTextContent('40');
    expect(screen.getAllByRole('row')).toHaveLength(51);
    expect(screen.getAllByRole('row')[1]).toHaveTextContent(/vendedor.*Ana Paz.*Lanchas del Delta.*VENTA_PASAJE.*Inicio de sesión.*10\.0\.0\.8/);
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByText(/Página 2 de 2/)).toBeInTheDocument();
    const ultima = screen.getAllByRole('row').at(-1)!;
    expect(ultima).toHaveTextContent(/Sistema.*N\/A.*LOGIN.*Sin detalles.*N\/A/);
    expect(screen.getByRole('button', { name: 'Siguiente' })).toBeDisabled();
  });

  it('filters by action, sending only the filters set, back on page 1', async () => {
    const { user, consultas } = renderPage();
    await screen.findByText(/Página 1 de 2/);
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    await screen.findByText(/Página 2 de 2/);
    await user.click(screen.getByRole('combobox', { name: 'Acción' }));
    await user.click(await screen.findByRole('option', { name: 'LOGIN', hidden: true }));
    await waitFor(() => expect(consultas.at(-1)?.toString()).toBe('limite=50&pagina=1&accion=LOGIN'));
    expect(await screen.findByText(/Página 1 de 1 · 31 registros/)).toBeInTheDocument();
    for (const row of screen.getAllByRole('row').slice(1)) expect(within(row).getByText('LOGIN')).toBeInTheDocument();
  });

  it('offers 25, 50, 100 and 200 records per page', async () => {
    const { user, consultas } = renderPage();
    await screen.findByText(/Página 1 de 2/);
    const limite = screen.getByRole('combobox', { name: 'Registros por página' });
    await user.click(limite);
    const opciones = within(document.getElementById(limite.getAttribute('aria-controls')!)!).getAllByRole('option', { hidden: true });
    expect(opciones.map((o) => o.textContent)).toEqual(['25', '50', '100', '200']);
    await user.click(screen.getByRole('option', { name: '25', hidden: true }));
    expect(await screen.findByText(/Página 1 de 3/)).toBeInTheDocument();
    expect(consultas.at(-1)?.get('limite')).toBe('25');
  });

  it('is denied to an admin, and /admin/logs leads to it', async () => {
    signIn('admin');
    renderApp('/admin/logs');
    expect(await screen.findByRole('heading', { name: 'Acceso Denegado' })).toBeInTheDocument();
    expect(screen.getByText('Rol requerido: Super Administrador')).toBeInTheDocument();
  });
});
