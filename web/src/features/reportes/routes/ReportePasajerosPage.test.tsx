import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '@/testing/fixtures';
import { renderApp } from '@/testing/render';
import { mockReportePasajeros } from '@/testing/handlers/reportes';
import { COLORES_PUESTO } from '@/features/reportes/components/PasajerosFrecuentes';

function renderScreen(rol = 'admin', query = '') {
  signIn(rol);
  return renderApp(`/admin/reportes/pasajeros${query}`);
}

/** The WCAG contrast ratio of two #RRGGBB colours. */
function contraste(a: string, b: string): number {
  const luminancia = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [l1, l2] = [luminancia(a), luminancia(b)].sort((x, y) => y - x);
  return (l1 + 0.05) / (l2 + 0.05);
}

afterEach(() => vi.restoreAllMocks());

describe('passenger report', () => {
  it('shows the figures, the top ten, the popular routes and the detail of the period', async () => {
    const pedidos = mockReportePasajeros();
    renderScreen();
    expect(await screen.findByRole('heading', { name: 'Reporte de Pasajeros' })).toBeInTheDocument();
    const pasajeros = await screen.findByRole('group', { name: 'Total Pasajeros' });
    expect(within(pasajeros).getByText('17')).toBeInTheDocument();
    expect(pasajeros).toHaveTextContent('11 registrados (vendidos con su documento)');
    expect(within(screen.getByRole('group', { name: 'Total Viajes' })).getByText('83')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Promedio Viajes/Cliente' })).getByText('4,9')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Clientes Nuevos' })).getByText('6')).toBeInTheDocument();

    const top = screen.getByRole('list', { name: 'Pasajeros Frecuentes (Top 10)' });
    const puestos = within(top).getAllByRole('listitem');
    expect(puestos).toHaveLength(10);
    expect(within(puestos[0]).getByLabelText('Puesto 1')).toHaveTextContent('1');
    expect(within(puestos[0]).getByText('Pasajero 1')).toBeInTheDocument();
    expect(within(puestos[0]).getByText('Doc. 30000000 · Tel. 11 5555-0101')).toBeInTheDocument();
    expect(within(puestos[0]).getByText('11 viajes')).toBeInTheDocument();
    expect(within(puestos[0]).getByText('$ 49.500,00')).toBeInTheDocument();

    const rutas = await screen.findByRole('table', { name: 'Rutas Populares' });
    expect(within(rutas).getByText('Tigre – Paraná – Jubilado')).toBeInTheDocument();
    expect(within(rutas).getByText('$ 18.000,50')).toBeInTheDocument();

    const detalle = await screen.findByRole('table', { name: 'Detalle de Pasajeros' });
    expect(within(detalle).getAllByRole('row')).toHaveLength(16);
    expect(within(detalle).getByText('p1@correo.com')).toBeInTheDocument();
    expect(screen.getByText('Mostrando 1 - 15 de 17 registros')).toBeInTheDocument();
    // every call carries the period, the list its page of 15 and the routes their 5
    expect(pedidos.every((u) => u.searchParams.get('periodo') === 'hoy' && u.searchParams.get('base') === 'venta')).toBe(true);
    expect(pedidos.find((u) => u.pathname === '/api/reportes/pasajeros')?.searchParams.get('limite')).toBe('15');
    expect(pedidos.find((u) => u.pathname.endsWith('rutas-populares'))?.searchParams.get('limite')).toBe('5');
    for (const b of ['CSV', 'Excel', 'PDF']) expect(screen.getByRole('button', { name: b })).toBeEnabled();
  });

  it('the first three ranks have their colours with enough contrast', () => {
    for (const { fondo, texto } of COLORES_PUESTO) expect(contraste(fondo, texto)).toBeGreaterThanOrEqual(4.5);
  });

  it('pages the detail and asks again with the month chosen', async () => {
    const pedidos = mockReportePasajeros();
    const { user } = renderScreen('supervisor');
    await user.click(await screen.findByRole('button', { name: 'Página 2' }));
    expect(await screen.findByText('Mostrando 16 - 17 de 17 registros')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Detalle de Pasajeros' })).getAllByRole('row')).toHaveLength(3);

    await user.click(screen.getByRole('radio', { name: 'Mes específico' }));
    await waitFor(() => expect(pedidos.some((u) => u.searchParams.get('periodo') === 'mes' && u.pathname === '/api/reportes/pasajeros'
      && u.searchParams.get('pagina') === '1')).toBe(true));
  });

  it('with no passenger the export is disabled and the lists say so', async () => {
    mockReportePasajeros({ cifras: { totalPasajeros: 0, totalViajes: 0, promedioViajesPorCliente: 0, pasajerosRegistrados: 0, clientesNuevos: 0 },
      top: [], pasajeros: [], rutas: [] });
    renderScreen();
    expect(await screen.findByText('Sin pasajeros en el período')).toBeInTheDocument();
    expect(await screen.findByText('No hay pasajeros en el período')).toBeInTheDocument();
    expect(screen.getByText('Sin viajes en el período')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Promedio Viajes/Cliente' })).getByText('0,0')).toBeInTheDocument();
    for (const b of ['CSV', 'Excel', 'PDF']) expect(screen.getByRole('button', { name: b })).toBeDisabled();
  });

  it('downloads the Excel of the period', async () => {
    const pedidos = mockReportePasajeros();
    const crear = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user } = renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Excel' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(crear).toHaveBeenCalled();
    const url = pedidos.find((u) => u.pathname.endsWith('/exportar'));
    expect(url?.searchParams.get('formato')).toBe('xlsx');
    expect(url?.searchParams.get('periodo')).toBe('hoy');
  });

  it('shows the load error with a retry', async () => {
    mockReportePasajeros({ falla: 500 });
    renderScreen();
    expect(await screen.findByText('Error al cargar el reporte de pasajeros')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });

  it('a seller cannot open it', async () => {
    mockReportePasajeros();
    renderScreen('vendedor');
    expect(await screen.findByText(/Acceso Denegado/i)).toBeInTheDocument();
  });
});
