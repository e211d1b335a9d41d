import { screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { fakeMediaQueryList } from '@/testing/media';
import { renderWithProviders } from '@/testing/render';
import { FiltroPeriodo } from '@/features/reportes/components/FiltroPeriodo';
import { diasDelPeriodo, leerPeriodo, parametrosPeriodo, periodoEnvio, usePeriodo, type Periodo } from '@/features/reportes/periodo';

const HOY = '2026-11-25';
const mes: Periodo = { tipo: 'mes', inicio: '', fin: '', mes: 11, anio: 2026, base: 'venta' };

describe('parametrosPeriodo', () => {
  it('sends what each kind of period needs, and the date basis', () => {
    expect(parametrosPeriodo({ ...mes, tipo: 'hoy' })).toEqual({ periodo: 'hoy', base: 'venta' });
    expect(parametrosPeriodo(mes)).toEqual({ periodo: 'mes', base: 'venta', mes: '11', anio: '2026' });
    expect(parametrosPeriodo({ ...mes, tipo: 'año', base: 'viaje' })).toEqual({ periodo: 'año', base: 'viaje', anio: '2026' });
    expect(parametrosPeriodo({ ...mes, tipo: 'rango', inicio: '2026-11-01', fin: '2026-11-15' }))
      .toEqual({ periodo: 'rango', base: 'venta', inicio: '2026-11-01', fin: '2026-11-15' });
  });

  it('sends nothing while a range lacks a date or runs backwards', () => {
    expect(parametrosPeriodo({ ...mes, tipo: 'rango', inicio: '2026-11-01' })).toBeNull();
    expect(parametrosPeriodo({ ...mes, tipo: 'rango', inicio: '2026-11-15', fin: '2026-11-01' })).toBeNull();
  });
});

describe('periodoEnvio', () => {
  it('carries the same fields in a JSON body, month and year as numbers', () => {
    expect(periodoEnvio(mes)).toEqual({ periodo: 'mes', base: 'venta', mes: 11, anio: 2026 });
    expect(periodoEnvio({ ...mes, tipo: 'año' })).toEqual({ periodo: 'año', base: 'venta', anio: 2026 });
    expect(periodoEnvio({ ...mes, tipo: 'rango', inicio: '2026-11-01', fin: '2026-11-15' }))
      .toEqual({ periodo: 'rango', base: 'venta', inicio: '2026-11-01', fin: '2026-11-15' });
    expect(periodoEnvio({ ...mes, tipo: 'rango', inicio: '2026-11-01' })).toBeNull();
  });
});

describe('diasDelPeriodo', () => {
  it('gives the first and last day each kind covers', () => {
    expect(diasDelPeriodo({ ...mes, tipo: 'hoy' }, HOY)).toEqual({ desde: HOY, hasta: HOY });
    expect(diasDelPeriodo({ ...mes, mes: 2, anio: 2028 }, HOY)).toEqual({ desde: '2028-02-01', hasta: '2028-02-29' });
    expect(diasDelPeriodo({ ...mes, tipo: 'año' }, HOY)).toEqual({ desde: '2026-01-01', hasta: '2026-12-31' });
    expect(diasDelPeriodo({ ...mes, tipo: 'rango', inicio: '2026-11-03', fin: '2026-11-09' }, HOY))
      .toEqual({ desde: '2026-11-03', hasta: '2026-11-09' });
    expect(diasDelPeriodo({ ...mes, tipo: 'rango', fin: '2026-11-09' }, HOY)).toBeNull();
  });
});

describe('leerPeriodo', () => {
  it('is today, this month and year, on the sale date, by default', () => {
    expect(leerPeriodo(new URLSearchParams(), HOY)).toEqual({ tipo: 'hoy', inicio: '', fin: '', mes: 11, anio: 2026, base: 'venta' });
  });

  it('reads the address and leaves out what does not parse or is outside 2020–2030', () => {
    expect(leerPeriodo(new URLSearchParams('periodo=mes&mes=3&anio=2025&base=viaje'), HOY)).toMatchObject({ tipo: 'mes', mes: 3, anio: 2025, base: 'viaje' });
    expect(leerPeriodo(new URLSearchParams('periodo=semana&mes=13&anio=2019&inicio=25/11/2026'), HOY))
      .toEqual({ tipo: 'hoy', inicio: '', fin: '', mes: 11, anio: 2026, base: 'venta' });
  });
});

function Filtro() {
  const [periodo, setPeriodo] = usePeriodo();
  const { search } = useLocation();
  return (
    <>
      <FiltroPeriodo value={periodo} onChange={setPeriodo} />
      <output data-testid="search">{search}</output>
    </>
  );
}

describe('FiltroPeriodo', () => {
  it('keeps the chosen period in the address', async () => {
    const { user } = renderWithProviders(<Filtro />, { route: '/admin/reportes/ventas?pagina=3' });
    await user.click(screen.getByRole('radio', { name: 'Mes específico' }));
    expect(screen.getByRole('combobox', { name: 'Mes' })).toBeInTheDocument();
    expect(screen.getByTestId('search')).toHaveTextContent(/periodo=mes&mes=\d+&anio=\d{4}/);
    await user.click(screen.getByRole('radio', { name: 'Año completo' }));
    expect(screen.queryByRole('combobox', { name: 'Mes' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Año' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Rango de fechas' }));
    expect(screen.getByRole('textbox', { name: 'Fecha desde' })).toBeInTheDocument();
    expect(screen.getByTestId('search')).toHaveTextContent('pagina=3');
  });

  it('names the four kinds short on a phone, so all of them fit', async () => {
    vi.mocked(window.matchMedia).mockImplementation((query: string) => fakeMediaQueryList(query, true));
    try {
      const { user } = renderWithProviders(<Filtro />, { route: '/admin/reportes/ventas' });
      for (const corto of ['Hoy', 'Rango', 'Mes', 'Año']) expect(screen.getByRole('radio', { name: corto })).toBeInTheDocument();
      expect(screen.queryByRole('radio', { name: 'Mes específico' })).not.toBeInTheDocument();
      await user.click(screen.getByRole('radio', { name: 'Año' }));
      expect(screen.getByTestId('search')).toHaveTextContent(/periodo=a%C3%B1o|periodo=año/);
    } finally {
      vi.mocked(window.matchMedia).mockImplementation((query: string) => fakeMediaQueryList(query, false));
    }
  });
});

