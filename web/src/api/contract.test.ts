import { describe, expect, it } from 'vitest';
import { conConsulta, type Parametros } from './contract';

describe('conConsulta', () => {
  it('sends the parameters with a value, in order, and the path alone without any', () => {
    expect(conConsulta('/pasajes', { busqueda: ' Gómez ', estado: '', seccion_id: 3, page: 2, usuario_id: undefined } satisfies Parametros<'listarPasajes'>))
      .toBe('/pasajes?busqueda=G%C3%B3mez&seccion_id=3&page=2');
    expect(conConsulta('/pasajes', { busqueda: '   ', estado: '' } satisfies Parametros<'listarPasajes'>)).toBe('/pasajes');
    expect(conConsulta('/notificaciones', {})).toBe('/notificaciones');
  });

  it('writes booleans, numbers and lists as the server reads them', () => {
    expect(conConsulta('/config/secciones', { activos: true } satisfies Parametros<'listarSecciones'>)).toBe('/config/secciones?activos=true');
    expect(conConsulta('/pasajes/por-fecha', { embarcado: 'false', limite: 0 } satisfies Parametros<'pasajerosPorFecha'>))
      .toBe('/pasajes/por-fecha?embarcado=false&limite=0');
    expect(conConsulta('/tickets/batch', { ids: [4, 5, 6], papel: '80mm' } satisfies Parametros<'ticketsLote'>))
      .toBe('/tickets/batch?ids=4%2C5%2C6&papel=80mm');
  });
});
