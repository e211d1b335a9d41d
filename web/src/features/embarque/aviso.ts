/** A tone: frequency in hertz, start and length in seconds. */
interface Tono {
  hz: number;
  inicio: number;
  duracion: number;
}

/** One short high beep for a boarding, two low ones for a refusal. */
const TONOS: Record<'exito' | 'rechazo', Tono[]> = {
  exito: [{ hz: 1320, inicio: 0, duracion: 0.18 }],
  rechazo: [
    { hz: 330, inicio: 0, duracion: 0.22 },
    { hz: 260, inicio: 0.3, duracion: 0.3 },
  ],
};

/** Vibration patterns in milliseconds. */
const VIBRACION: Record<'exito' | 'rechazo', number[]> = {
  exito: [150],
  rechazo: [120, 80, 120, 80, 240],
};

let audio: AudioContext | null = null;

function sonar(tonos: Tono[]): void {
  if (typeof AudioContext === 'undefined') return;
  audio ??= new AudioContext();
  // Browsers keep the context suspended until the page has seen a tap or a key.
  void audio.resume().catch(() => undefined);
  const ahora = audio.currentTime;
  for (const { hz, inicio, duracion } of tonos) {
    const oscilador = audio.createOscillator();
    const volumen = audio.createGain();
    oscilador.type = 'square';
    oscilador.frequency.value = hz;
    volumen.gain.setValueAtTime(0.25, ahora + inicio);
    volumen.gain.exponentialRampToValueAtTime(0.001, ahora + inicio + duracion);
    oscilador.connect(volumen).connect(audio.destination);
    oscilador.start(ahora + inicio);
    oscilador.stop(ahora + inicio + duracion);
  }
}

/** Runs a bonus that the browser may refuse (no audio before a tap, no vibration on a desk): the screen already shows the result. */
function siSePuede(hacer: () => unknown): void {
  try {
    hacer();
  } catch {
    // refused: nothing else to do
  }
}

/**
 * Tells the crew the result without looking: a Web Audio beep where the browser allows it and,
 * on phones, a vibration; each on its own, so a refused sound never takes the vibration with it.
 */
export function avisar(tipo: 'exito' | 'rechazo'): void {
  siSePuede(() => sonar(TONOS[tipo]));
  siSePuede(() => navigator.vibrate?.(VIBRACION[tipo]));
}
