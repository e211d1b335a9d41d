import { afterEach, describe, expect, it, vi } from 'vitest';

describe('avisar', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
    Reflect.deleteProperty(navigator, 'vibrate');
  });

  const conVibracion = () => {
    const vibrate = vi.fn(() => true);
    Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true });
    return vibrate;
  };

  it('vibrates a refusal even where the browser allows no sound', async () => {
    const vibrate = conVibracion();
    vi.stubGlobal('AudioContext', vi.fn(() => {
      throw new DOMException('No se permite el audio', 'NotAllowedError');
    }));
    const { avisar } = await import('./aviso');
    avisar('rechazo');
    expect(vibrate).toHaveBeenCalledWith([120, 80, 120, 80, 240]);
  });

  it('beeps twice low for a refusal with Web Audio, no file', async () => {
    const vibrate = conVibracion();
    const osciladores: { frequency: { value: number }; start: ReturnType<typeof vi.fn> }[] = [];
    class AudioFalso {
      currentTime = 0;
      destination = {};
      resume = vi.fn(() => Promise.resolve());
      createOscillator() {
        const o = { type: '', frequency: { value: 0 }, connect: (n: unknown) => n, start: vi.fn(), stop: vi.fn() };
        osciladores.push(o);
        return o;
      }
      createGain() {
        return { gain: { setValueAtTime: vi.fn(), exponentialRampToValueAtTime: vi.fn() }, connect: (n: unknown) => n };
      }
    }
    vi.stubGlobal('AudioContext', AudioFalso);
    const { avisar } = await import('./aviso');
    avisar('rechazo');
    expect(osciladores.map((o) => o.frequency.value)).toEqual([330, 260]);
    expect(osciladores.every((o) => o.start.mock.calls.length === 1)).toBe(true);
    expect(vibrate).toHaveBeenCalledTimes(1);
  });
});
