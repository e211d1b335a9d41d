import { describe, expect, it } from 'vitest';
import { CONFIG_POR_DEFECTO, normalizarConfig } from './config';
import { estiloDe, prepararHTML, rutaTickets } from './ventana';

describe('normalizarConfig', () => {
  it('gives the defaults of operaciones §9 for nothing stored', () => {
    expect(normalizarConfig(undefined)).toEqual(CONFIG_POR_DEFECTO);
    expect(CONFIG_POR_DEFECTO).toMatchObject({ paperSize: '80mm', copies: 1, margins: { top: 10, bottom: 10, left: 5, right: 5 }, fontSize: 12, fontFamily: 'Courier New', lineHeight: 1.4, qrSize: 100, logo: true });
  });

  it('keeps values in range and replaces the ones out of the limits of §5', () => {
    const c = normalizarConfig({ copies: 5, paperSize: '58mm', margins: { top: 0, bottom: 50, left: 51, right: -1 }, qrSize: 150, fontSize: 13 });
    expect(c.copies).toBe(5);
    expect(c.paperSize).toBe('58mm');
    expect(c.margins).toEqual({ top: 0, bottom: 50, left: 5, right: 5 });
    expect(c.qrSize).toBe(150);
    expect(c.fontSize).toBe(12);
    expect(normalizarConfig({ copies: 6 }).copies).toBe(1);
    expect(normalizarConfig({ copies: 0 }).copies).toBe(1);
    expect(normalizarConfig({ paperSize: 'A3' }).paperSize).toBe('80mm');
  });
});

describe('prepararHTML', () => {
  const pagina = '<!DOCTYPE html><html><head><title>P</title></head><body><section class="ticket">A</section><section class="ticket">B</section></body></html>';

  it('repeats each ticket by the copies and adds the settings as CSS', () => {
    const html = prepararHTML(pagina, { ...CONFIG_POR_DEFECTO, copies: 3, logo: false });
    const doc = new DOMParser().parseFromString(html, 'text/html');
    expect(Array.from(doc.querySelectorAll('.ticket'), (t) => t.textContent)).toEqual(['A', 'A', 'A', 'B', 'B', 'B']);
    const css = doc.querySelector('head style')?.textContent ?? '';
    expect(css).toContain('font-size: 12px');
    expect(css).toContain('padding: 10px 5px 10px 5px');
    expect(css).toContain('.logo { display: none; }');
    expect(estiloDe(CONFIG_POR_DEFECTO)).not.toContain('.logo');
  });
});

describe('rutaTickets', () => {
  it('asks one ticket or a batch on the server paper', () => {
    expect(rutaTickets([5], CONFIG_POR_DEFECTO)).toBe('/tickets/5?papel=80mm');
    expect(rutaTickets([5, 6], { ...CONFIG_POR_DEFECTO, paperSize: 'A4' })).toBe('/tickets/batch?ids=5,6&papel=A4');
    expect(rutaTickets([5], { ...CONFIG_POR_DEFECTO, paperSize: 'custom' })).toBe('/tickets/5?papel=80mm');
    // The recorded prints the server numbered (docs/features/impresion.md).
    expect(rutaTickets([5], CONFIG_POR_DEFECTO, [9])).toBe('/tickets/5?papel=80mm&impresion=9');
    expect(rutaTickets([5, 6], CONFIG_POR_DEFECTO, [9, 10])).toBe('/tickets/batch?ids=5,6&papel=80mm&impresiones=9,10');
  });
});
