import { writeFileSync } from 'node:fs';
import QRCode from 'qrcode';

const WIDTH = 640;
const HEIGHT = 480;
const FRAMES = 10;
/** White modules around the code, as the QR standard asks. */
const QUIET_ZONE = 4;

/**
 * Writes a Y4M video (Chromium's --use-file-for-fake-video-capture) that shows the QR
 * code of `text`, black on white, centred, as large as the frame allows (up to 8 px per module).
 */
export function writeQrVideo(text: string, file: string): void {
  const { size, data } = QRCode.create(text, { errorCorrectionLevel: 'M' }).modules;
  const scale = Math.min(8, Math.floor(HEIGHT / (size + 2 * QUIET_ZONE)));
  const left = Math.floor((WIDTH - size * scale) / 2);
  const top = Math.floor((HEIGHT - size * scale) / 2);

  // Luma: white everywhere (the quiet zone included), black where a module is dark.
  const luma = Buffer.alloc(WIDTH * HEIGHT, 255);
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      if (!data[row * size + col]) continue;
      for (let y = 0; y < scale; y++) {
        const start = (top + row * scale + y) * WIDTH + left + col * scale;
        luma.fill(0, start, start + scale);
      }
    }
  }
  // 4:2:0 chroma at half resolution, neutral grey: no colour.
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(file, Buffer.concat([header, ...Array<Buffer>(FRAMES).fill(frame)]));
}
