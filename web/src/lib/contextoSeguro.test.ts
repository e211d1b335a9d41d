import { afterEach, describe, expect, it, vi } from 'vitest';
import { direccionSegura, paginaSegura } from './contextoSeguro';

afterEach(() => vi.unstubAllGlobals());

describe('paginaSegura', () => {
  it('follows the browser: a page over HTTPS or on localhost is secure, one reached by a name over plain HTTP is not', () => {
    vi.stubGlobal('isSecureContext', true);
    expect(paginaSegura()).toBe(true);
    vi.stubGlobal('isSecureContext', false);
    expect(paginaSegura()).toBe(false);
  });

  it('does not call insecure a browser that does not say (one without isSecureContext)', () => {
    vi.stubGlobal('isSecureContext', undefined);
    expect(paginaSegura()).toBe(true);
  });
});

describe('direccionSegura', () => {
  it('is the page’s host name over HTTPS, without the plain-HTTP port', () => {
    expect(direccionSegura({ hostname: 'muelle.lan' })).toBe('https://muelle.lan');
    expect(direccionSegura({ hostname: '192.168.0.10' })).toBe('https://192.168.0.10');
    // jsdom's page is http://localhost:3000
    expect(direccionSegura()).toBe('https://localhost');
  });
});
