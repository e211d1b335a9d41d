import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { FechaInput } from './FechaInput';
import { RangoFechas } from './RangoFechas';

/** Types `texto` in the field and leaves it, as a person does. */
function escribir(campo: HTMLElement, texto: string) {
  fireEvent.focus(campo);
  fireEvent.change(campo, { target: { value: texto } });
  fireEvent.blur(campo);
}

function Rango() {
  const [desde, setDesde] = useState('2026-11-20');
  const [hasta, setHasta] = useState('2026-11-25');
  return <RangoFechas etiqueta="Fecha de venta" desde={desde} hasta={hasta} onDesde={setDesde} onHasta={setHasta} />;
}

describe('FechaInput', () => {
  it('takes a date typed as dd/mm/aaaa and shows it so', () => {
    const onChange = vi.fn();
    renderWithProviders(<FechaInput label="Fecha de viaje" value="2026-11-25" onChange={onChange} />);
    const campo = screen.getByLabelText('Fecha de viaje');
    expect(campo).toHaveValue('25/11/2026');
    escribir(campo, '5/12/2026');
    expect(onChange).toHaveBeenLastCalledWith('2026-12-05');
    expect(campo).toHaveAccessibleDescription('');
  });

  it('says that a day that does not exist does not, instead of silently keeping the last date', () => {
    const onChange = vi.fn();
    renderWithProviders(<FechaInput label="Fecha de viaje" value="2026-11-25" onChange={onChange} />);
    const campo = screen.getByLabelText('Fecha de viaje');
    escribir(campo, '31/02/2026');
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByText('La fecha 31/02/2026 no existe')).toBeVisible();
    expect(campo).toHaveAttribute('aria-invalid', 'true');
    escribir(campo, '28/02/2026');
    expect(onChange).toHaveBeenLastCalledWith('2026-02-28');
    expect(screen.queryByText('La fecha 31/02/2026 no existe')).not.toBeInTheDocument();
  });

  it("says so when 'desde' would be after 'hasta', and when 'hasta' would be before 'desde'", () => {
    renderWithProviders(<Rango />);
    const desde = screen.getByLabelText('Fecha de venta desde');
    escribir(desde, '28/11/2026');
    expect(screen.getByText('La fecha desde no puede ser posterior a la fecha hasta (25/11/2026)')).toBeVisible();
    expect(desde).toHaveValue('20/11/2026');

    const hasta = screen.getByLabelText('Fecha de venta hasta');
    escribir(hasta, '19/11/2026');
    expect(screen.getByText('La fecha hasta no puede ser anterior a la fecha desde (20/11/2026)')).toBeVisible();
    expect(hasta).toHaveValue('25/11/2026');

    escribir(desde, '22/11/2026');
    expect(desde).toHaveValue('22/11/2026');
    expect(screen.queryByText(/La fecha desde no puede/)).not.toBeInTheDocument();
  });
});
