import { writeFileSync } from 'node:fs';
import { BinaryBitmap, HybridBinarizer, QRCodeReader, RGBLuminanceSource } from '@zxing/library';
import QRCode from 'qrcode';

const WIDTH = 640;
const HEIGHT = 480;
const FRAMES = 10;
/** White modules around the code, as the QR standard asks. */
const QUIET_ZONE = 4;
/** Where the code may sit in a frame, as a hand moves a ticket: pixels per module, and a shift from the centre. */
const POSICIONES = [8, 7, 6, 5, 4, 3].flatMap((escala) => [[0, 0], [1, 0], [0, 1], [3, 3], [5, 2]].map(([dx, dy]) => ({ escala, dx, dy })));

/**
 * Writes a Y4M video (Chromium's --use-file-for-fake-video-capture) that shows the QR code of
 * `text`, black on white, in frames the validator's reader decodes. ZXing (the reader the validator
 * bundles) misses about one code in five drawn pixel-perfect at 6 or 7 px per module, and the fake
 * camera shows the same frames for ever: a hand-held ticket comes at many sizes, the video shows the
 * code at those of POSICIONES that ZXing reads here, with the same library.
 */
export function writeQrVideo(text: string, file: string): void {
  const { size, data } = QRCode.create(text, { errorCorrectionLevel: 'M' }).modules;
  const legibles = POSICIONES
    .filter(({ escala }) => (size + 2 * QUIET_ZONE) * escala <= HEIGHT)
    .map(({ escala, dx, dy }) => lumaDelCodigo(size, data, escala, dx, dy))
    .filter((luma) => leeElValidador(luma, text))
    .slice(0, FRAMES);
  if (legibles.length === 0) throw new Error(`writeQrVideo: ZXing no lee el código ${text} en ningún tamaño`);
  // 4:2:0 chroma at half resolution, neutral grey: no colour.
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const frames = Array.from({ length: FRAMES }, (_, i) => Buffer.concat([Buffer.from('FRAME\n'), legibles[i % legibles.length], chroma]));
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(file, Buffer.concat([header, ...frames]));
}

/** Luma of a frame: white everywhere (the quiet zone included), black where a module is dark. */
function lumaDelCodigo(size: number, data: Uint8Array, escala: number, dx: number, dy: number): Buffer {
  const left = Math.floor((WIDTH - size * escala) / 2) + dx;
  const top = Math.floor((HEIGHT - size * escala) / 2) + dy;
  const luma = Buffer.alloc(WIDTH * HEIGHT, 255);
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      if (!data[row * size + col]) continue;
      for (let y = 0; y < escala; y++) {
        const start = (top + row * escala + y) * WIDTH + left + col * escala;
        luma.fill(0, start, start + escala);
      }
    }
  }
  return luma;
}

function leeElValidador(luma: Buffer, text: string): boolean {
  const imagen = new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(new Uint8ClampedArray(luma), WIDTH, HEIGHT)));
  try {
    return new QRCodeReader().decode(imagen).getText() === text;
  } catch {
    return false;
  }
}
