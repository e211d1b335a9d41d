import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '@/testing/fixtures';
import { makeFilaCaja, REPORTE_Z, reporteCajas } from '@/testing/handlers/reportes';
import { renderApp, renderWithProviders } from '@/testing/render';
import { server } from '@/testing/server';
import { ReporteCajasPage } from './ReporteCajasPage';

const cajas = [
  makeFilaCaja(17, { estado: 'abierta', fecha_cierre: null, monto_cierre: null, diferencia: null, numero_z: null }),
  makeFilaCaja(12),
  ...Array.from({ length: 15 }, (_, i) => makeFilaCaja(11 - i, { diferencia: 0, monto_cierre: 5450 })),
];

function renderPage(filas = cajas, exportar = true, reporte = REPORTE_Z) {
  const mock = reporteCajas(filas, reporte);
  server.use(...mock.handlers);
  signIn('admin', { rolInfo: { nombre: 'admin', permisos: { reportes: { ver: true, exportar } } } });
  return { ...renderWithProviders(<ReporteCajasPage />, { route: '/admin/reportes/cajas' }), ...mock };
}

afterEach(() => vi.restoreAllMocks());

describe('ReporteCajasPage', () => {
  it("reads the period's registers again with 'Actualizar'", async () => {
    const { consultas, user } = renderPage();
    expect(await screen.findByText('Mostrando 1 - 15 de 17 registros')).toBeInTheDocument();
    const antes = consultas.length;
    await user.click(screen.getByRole('button', { name: 'Actualizar' }));
    await waitFor(() => expect(consultas.length).toBe(antes + 1));
    expect(consultas.at(-1)?.toString()).toBe('periodo=hoy&base=venta&pagina=1&limite=15');
  });

  it('shows the cards and the first 15 registers; a short register stands out in words', async () => {
    const { consultas, user } = renderPage();
    expect(await screen.findByText('Mostrando 1 - 15 de 17 registros')).toBeInTheDocument();
    expect(consultas[0].toString()).toBe('periodo=hoy&base=venta&pagina=1&limite=15');
    expect(screen.getByRole('group', { name: 'Cajas Abiertas' })).toHaveTextContent('1');
    expect(screen.getByRole('group', { name: 'Cajas Cerradas' })).toHaveTextContent('16');
    expect(screen.getByRole('group', { name: 'Efectivo Total' })).toHaveTextContent('$ 5.600,00');
    expect(screen.getByRole('group', { name: 'Total Movimientos' })).toHaveTextContent('102');
    const filas = within(screen.getByRole('table')).getAllByRole('row');
    expect(filas).toHaveLength(16);
    expect(filas[1]).toHaveTextContent(/Diego Sosa.*Pendiente.*\$\s1\.000,00.*N\/A.*N\/A.*Abierta/);
    expect(filas[2]).toHaveTextContent(/Diego Sosa.*\$\s1\.000,00.*\$\s5\.400,00.*-\$\s50,00 \(faltante\).*Cerrada.*12/);
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByText('Mostrando 16 - 17 de 17 registros')).toBeInTheDocument();
    expect(consultas.at(-1)?.get('pagina')).toBe('2');
  });

  it('opens the Z report of a row and prints it on A4', async () => {
    const { user, archivos } = renderPage();
    const ventana = { location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(ventana as unknown as Window);
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:pdf'), revokeObjectURL: vi.fn() });
    await user.click(await screen.findByRole('button', { name: 'Ver reporte de la caja #12' }));
    const modal = await screen.findByRole('dialog', { name: 'Reporte Z N° 4' });
    expect(await within(modal).findByText('Caja con faltante')).toBeInTheDocument();
    expect(within(modal).getByText(/Faltaron \$\s50,00 al cierre/)).toBeInTheDocument();
    const lineas = within(modal).getAllByRole('row');
    expect(lineas[1]).toHaveTextContent(/Efectivo.*\$\s1\.000,00.*\$\s9\.000,00.*\$\s4\.500,00.*\$\s0,00.*\$\s50,00.*\$\s5\.450,00.*\$\s5\.400,00.*-\$\s50,00/);
    expect(lineas[3]).toHaveTextContent(/Totales.*\$\s9\.950,00.*\$\s9\.900,00.*-\$\s50,00/);
    // the card movements with their references, for matching the slips
    const referencias = within(within(modal).getByRole('table', { name: 'Movimientos con tarjeta o transferencia' })).getAllByRole('row');
    expect(referencias[1]).toHaveTextContent(/Débito.*20\/11\/2026.*Venta de 1 pasaje.*•••• 4242 · Aut\. A1B2C3.*\$\s4\.500,00/);
    expect(referencias[2]).toHaveTextContent(/Débito.*Devolución.*Sin referencia.*-\$\s4\.500,00/);
    await user.click(within(modal).getByRole('button', { name: 'Imprimir A4' }));
    await waitFor(() => expect(ventana.location.href).toBe('blob:pdf'));
    expect(archivos).toEqual(['pdf 12 a4']);
  });

  it('shows in the Z report the count by denomination and who approved the difference', async () => {
    const { user } = renderPage(cajas, true, {
      ...REPORTE_Z,
      cierre: {
        denominaciones: [
          { codigo: 'b2000', tipo: 'billete', valor: 2000, cantidad: 2, subtotal: 4000 },
          { codigo: 'm2', tipo: 'moneda', valor: 2, cantidad: 3, subtotal: 6 },
        ],
        total_denominaciones: 4006, discrepancia: 50, tolerancia: 0,
        aprobado_por: { id: 3, nombre_usuario: 'supervisor', nombre: 'Lucía Benítez' }, fecha_aprobacion: '2026-11-20T21:15:00Z',
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Ver reporte de la caja #12' }));
    const modal = await screen.findByRole('dialog', { name: 'Reporte Z N° 4' });
    const conteo = await within(modal).findByRole('table', { name: 'Efectivo por denominación' });
    const filas = within(conteo).getAllByRole('row');
    expect(filas[1]).toHaveTextContent(/Billetes de \$\s2\.000\s*2\s*\$\s4\.000,00/);
    expect(filas[2]).toHaveTextContent(/Monedas de \$\s2\s*3\s*\$\s6,00/);
    expect(filas[3]).toHaveTextContent(/Total por denominación\s*\$\s4\.006,00/);
    expect(within(modal).getByText('Aprobó la diferencia').parentElement).toHaveTextContent(
      /Lucía Benítez \(supervisor\), 20\/11\/2026 \d\d:15/);
  });

  it('says when a Z needed no approval and its cash was counted by its total', async () => {
    const { user } = renderPage(cajas, true, {
      ...REPORTE_Z,
      cierre: { denominaciones: [], total_denominaciones: 0, discrepancia: 0, tolerancia: 100, aprobado_por: null, fecha_aprobacion: null },
    });
    await user.click(await screen.findByRole('button', { name: 'Ver reporte de la caja #12' }));
    const modal = await screen.findByRole('dialog', { name: 'Reporte Z N° 4' });
    expect(await within(modal).findByText('No requerida (dentro de la tolerancia)')).toBeInTheDocument();
    expect(within(modal).getByText('El efectivo se contó por su total, sin detalle por denominación.')).toBeInTheDocument();
  });

  it('exports the period as Excel', async () => {
    const { user, archivos } = renderPage();
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:xlsx'), revokeObjectURL: vi.fn() });
    await screen.findByText('Mostrando 1 - 15 de 17 registros');
    await user.click(screen.getByRole('button', { name: 'Excel' }));
    await waitFor(() => expect(archivos).toEqual(['xlsx']));
  });

  it('disables the exports when the period has no register', async () => {
    renderPage([]);
    expect(await screen.findByText('No hay cajas en el período')).toBeInTheDocument();
    for (const nombre of ['PDF', 'Excel', 'CSV']) expect(screen.getByRole('button', { name: nombre })).toBeDisabled();
  });

  it('offers no export without reportes.exportar', async () => {
    renderPage(cajas, false);
    await screen.findByText('Mostrando 1 - 15 de 17 registros');
    expect(screen.queryByRole('button', { name: 'Excel' })).not.toBeInTheDocument();
  });

  it('is listed under Reportes for an administrator', async () => {
    server.use(...reporteCajas(cajas).handlers);
    signIn('admin', { rolInfo: { nombre: 'admin', permisos: { reportes: { ver: true } } } });
    renderApp('/admin/reportes/cajas');
    expect(await screen.findByRole('heading', { name: 'Reporte de Cajas' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Reporte de Cajas' }).length).toBeGreaterThan(0);
  });
});
