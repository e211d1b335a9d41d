import { useLocalStorage } from '@mantine/hooks';

/** Paper sizes of the printer settings (operaciones §9). */
export const PAPELES = ['58mm', '80mm', 'A4', 'letter', 'custom'] as const;
export type Papel = (typeof PAPELES)[number];

/** Labels of the paper sizes. */
export const PAPEL_LABELS: Record<Papel, string> = {
  '58mm': 'Térmica 58 mm',
  '80mm': 'Térmica 80 mm',
  A4: 'A4',
  letter: 'Carta (letter)',
  custom: 'Personalizado (80 mm con márgenes propios)',
};

/** Font sizes and QR sizes offered (operaciones §9), in px. */
export const TAMANOS_FUENTE = [10, 12, 14, 16] as const;
export const TAMANOS_QR = [80, 100, 120, 150] as const;
/** Font families offered; the first is the default. */
export const FUENTES = ['Courier New', 'Arial', 'Verdana', 'Times New Roman'] as const;

/** Limits of operaciones §5. */
export const COPIAS_MIN = 1;
export const COPIAS_MAX = 5;
export const MARGEN_MIN = 0;
export const MARGEN_MAX = 50;

/** Margins in px. */
export interface Margenes {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** The printer settings (operaciones §3), kept in this browser's local storage. */
export interface ConfigImpresion {
  autoPrint: boolean;
  printerName: string;
  paperSize: Papel;
  copies: number;
  openPrintDialog: boolean;
  autoClose: boolean;
  margins: Margenes;
  fontSize: number;
  fontFamily: string;
  lineHeight: number;
  logo: boolean;
  qrSize: number;
}

/** The default printer of operaciones §9: 80mm, 1 copy, margins 10/10/5/5, 12px Courier, line height 1.4, QR 100px, logo on. */
export const CONFIG_POR_DEFECTO: ConfigImpresion = {
  autoPrint: false,
  printerName: '',
  paperSize: '80mm',
  copies: 1,
  openPrintDialog: true,
  autoClose: false,
  margins: { top: 10, bottom: 10, left: 5, right: 5 },
  fontSize: 12,
  fontFamily: 'Courier New',
  lineHeight: 1.4,
  logo: true,
  qrSize: 100,
};

/** Local-storage key of the settings. */
export const CONFIG_IMPRESION_KEY = 'muelle.impresion';

const entero = (value: unknown, min: number, max: number, fallback: number) =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max ? value : fallback;
const uno = <T>(value: unknown, allowed: readonly T[], fallback: T): T => (allowed.includes(value as T) ? (value as T) : fallback);
const booleano = (value: unknown, fallback: boolean) => (typeof value === 'boolean' ? value : fallback);

/** The settings in `value` (stored JSON, maybe old or edited by hand): anything out of range takes its default. */
export function normalizarConfig(value: unknown): ConfigImpresion {
  const v = (value && typeof value === 'object' ? value : {}) as Partial<Record<keyof ConfigImpresion, unknown>>;
  const d = CONFIG_POR_DEFECTO;
  const m = (v.margins && typeof v.margins === 'object' ? v.margins : {}) as Partial<Record<keyof Margenes, unknown>>;
  const margen = (lado: keyof Margenes) => entero(m[lado], MARGEN_MIN, MARGEN_MAX, d.margins[lado]);
  return {
    autoPrint: booleano(v.autoPrint, d.autoPrint),
    printerName: typeof v.printerName === 'string' ? v.printerName.slice(0, 100) : d.printerName,
    paperSize: uno(v.paperSize, PAPELES, d.paperSize),
    copies: entero(v.copies, COPIAS_MIN, COPIAS_MAX, d.copies),
    openPrintDialog: booleano(v.openPrintDialog, d.openPrintDialog),
    autoClose: booleano(v.autoClose, d.autoClose),
    margins: { top: margen('top'), bottom: margen('bottom'), left: margen('left'), right: margen('right') },
    fontSize: uno(v.fontSize, TAMANOS_FUENTE, d.fontSize),
    fontFamily: uno(v.fontFamily, FUENTES, d.fontFamily),
    lineHeight: typeof v.lineHeight === 'number' && v.lineHeight >= 1 && v.lineHeight <= 2 ? v.lineHeight : d.lineHeight,
    logo: booleano(v.logo, d.logo),
    qrSize: uno(v.qrSize, TAMANOS_QR, d.qrSize),
  };
}

/** The last stored text read and the settings it holds. */
let ultimaLeida: { raw: string | undefined; config: ConfigImpresion } | null = null;

/**
 * The settings a stored text holds: the same object while the text is the same. Mantine's
 * useLocalStorage reads the storage again as each user mounts and hands what it read to every other
 * user; a new object each time rendered every user again (the sale screen's dialogs, after its
 * first paint), the same one changes nothing.
 */
function leer(raw: string | undefined): ConfigImpresion {
  if (ultimaLeida && ultimaLeida.raw === raw) return ultimaLeida.config;
  let config: ConfigImpresion;
  try {
    config = normalizarConfig(raw === undefined ? undefined : JSON.parse(raw));
  } catch {
    config = CONFIG_POR_DEFECTO;
  }
  ultimaLeida = { raw, config };
  return config;
}

/** The printer settings of this browser and their setter (shared by every component and tab). */
export function useConfigImpresion() {
  return useLocalStorage<ConfigImpresion>({
    key: CONFIG_IMPRESION_KEY,
    defaultValue: CONFIG_POR_DEFECTO,
    getInitialValueInEffect: false,
    deserialize: leer,
    serialize: JSON.stringify,
  });
}
