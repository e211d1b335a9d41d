import { describe, expect, it } from 'vitest';
import { antiguedad } from '@/lib/offline/datosVenta';
import { htmlTicketsSinConexion, MARCA_SIN_CONEXION, type TicketSinConexion } from './sinConexion';

const TICKET: TicketSinConexion = {
  empresa: 'Lanchas <Delta>', numero_pasaje: 'LD-7K3M-20261126-000001', cliente: 'Ana "la" Pérez', seccion: 'Tigre – Tres Bocas',
  tipo_viaje: 'General', fecha_viaje: '27/11/2026', precio: '$ 1.500,50', medio_pago: 'Efectivo', vendedor: 'Vera',
  fecha_venta: '26/11/2026 11:05', codigo_qr: 'MUELLE2.a.b',
};

describe('htmlTicketsSinConexion', () => {
  it('prints the server layout with the offline mark, every text escaped and the QR in', () => {
    const doc = new DOMParser().parseFromString(htmlTicketsSinConexion([TICKET, { ...TICKET, numero_pasaje: 'LD-7K3M-20261126-000002' }], '58mm', ['<svg id="qr1"></svg>', '<svg id="qr2"></svg>']), 'text/html');
    const tickets = doc.querySelectorAll('.ticket');
    expect(tickets).toHaveLength(2);
    expect(doc.title).toBe('Pasajes');
    expect(tickets[0].querySelector('.sin-conexion')?.textContent).toBe(MARCA_SIN_CONEXION);
    expect(tickets[0].querySelector('.empresa')?.textContent).toBe('Lanchas <Delta>');
    expect(tickets[0].querySelector('.numero')?.textContent).toBe('Pasaje LD-7K3M-20261126-000001');
    const filas = Array.from(tickets[0].querySelectorAll('dt'), (dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`);
    expect(filas).toEqual([
      'Cliente: Ana "la" Pérez', 'Sección: Tigre – Tres Bocas', 'Pasajero: General', 'Fecha de viaje: 27/11/2026',
      'Precio: $ 1.500,50', 'Medio de pago: Efectivo', 'Vendedor: Vera', 'Venta: 26/11/2026 11:05',
    ]);
    expect(tickets[1].querySelector('.qr svg')?.id).toBe('qr2');
    expect(tickets[0].querySelector('.qr')?.getAttribute('aria-label')).toBe('Código QR del pasaje LD-7K3M-20261126-000001');
    expect(doc.querySelector('style')?.textContent).toContain('size: 58mm 160mm');
    expect(doc.querySelector('.aviso')?.textContent).toBe('Por favor, preséntese 30 minutos antes de la salida.');
  });
});

describe('antiguedad', () => {
  it('says how old saved data is', () => {
    const t = Date.parse('2026-11-26T12:00:00Z');
    expect(antiguedad(t - 20_000, t)).toBe('hace menos de 1 min');
    expect(antiguedad(t - 45 * 60_000, t)).toBe('hace 45 min');
    expect(antiguedad(t - 130 * 60_000, t)).toBe('hace 2 h 10 min');
    expect(antiguedad(t - 3 * 24 * 3_600_000, t)).toBe('hace 3 días');
  });
});
