import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PaginacionReporte, paginasVisibles } from '@/features/reportes/components/PaginacionReporte';
import { renderWithProviders } from '@/testing/render';

describe('paginasVisibles', () => {
  it('offers at most five pages around the current one', () => {
    expect(paginasVisibles(1, 3)).toEqual([1, 2, 3]);
    expect(paginasVisibles(1, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(paginasVisibles(10, 20)).toEqual([8, 9, 10, 11, 12]);
    expect(paginasVisibles(20, 20)).toEqual([16, 17, 18, 19, 20]);
  });
});

describe('PaginacionReporte', () => {
  it('says which rows are shown and moves between pages', async () => {
    const onPagina = vi.fn();
    const { user } = renderWithProviders(<PaginacionReporte paginacion={{ pagina: 2, limite: 15, total: 1234, totalPaginas: 83 }} onPagina={onPagina} />);
    expect(screen.getByText('Mostrando 16 - 30 de 1.234 registros')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Página 2' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getAllByRole('button', { name: /^Página/ })).toHaveLength(5);
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    await user.click(screen.getByRole('button', { name: 'Página 4' }));
    expect(onPagina.mock.calls).toEqual([[3], [4]]);
  });

  it('shows no buttons with one page', () => {
    renderWithProviders(<PaginacionReporte paginacion={{ pagina: 1, limite: 15, total: 7, totalPaginas: 1 }} onPagina={vi.fn()} />);
    expect(screen.getByText('Mostrando 1 - 7 de 7 registros')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Siguiente' })).not.toBeInTheDocument();
  });

  it('shows nothing without rows', () => {
    renderWithProviders(<PaginacionReporte paginacion={{ pagina: 1, limite: 15, total: 0, totalPaginas: 0 }} onPagina={vi.fn()} />);
    expect(screen.queryByText(/Mostrando/)).not.toBeInTheDocument();
  });
});
