import type { PixelCanvas } from './pixel-canvas.ts';
import { pick, type Rng } from './seeded-random.ts';

// The face layers of a Block Punk: eyes, mouth and accessory, on the 24×24 grid of punk-drawing.ts.

export const OUTLINE = 0x1a1a1a;
export const WHITE = 0xffffff;
const GOLD = 0xf2c230;
const DARK_GOLD = 0xb8860b;

export function drawEyes(canvas: PixelCanvas, kind: string, shade: number): void {
  const regular = (pupil: number) => {
    for (const x of [8, 14]) {
      canvas.set(x, 9, WHITE);
      canvas.set(x + 1, 9, pupil);
      canvas.rect(x, 7, 2, 1, shade);
    }
  };
  switch (kind) {
    case 'Sleepy':
      canvas.rect(8, 9, 2, 1, OUTLINE);
      canvas.rect(14, 9, 2, 1, OUTLINE);
      canvas.rect(8, 8, 2, 1, shade);
      canvas.rect(14, 8, 2, 1, shade);
      break;
    case 'Shades':
      canvas.rect(7, 8, 4, 2, OUTLINE);
      canvas.rect(13, 8, 4, 2, OUTLINE);
      canvas.rect(11, 8, 2, 1, OUTLINE);
      canvas.set(8, 8, 0x5a5a5a);
      canvas.set(14, 8, 0x5a5a5a);
      break;
    case '3D Glasses':
      canvas.rect(6, 8, 12, 2, WHITE);
      canvas.rect(7, 8, 3, 2, 0xe53935);
      canvas.rect(14, 8, 3, 2, 0x1e88e5);
      break;
    case 'Eye Patch':
      regular(OUTLINE);
      canvas.rect(5, 6, 13, 1, OUTLINE);
      canvas.rect(7, 7, 4, 4, OUTLINE);
      break;
    case 'VR Headset':
      canvas.rect(5, 7, 14, 4, 0xd9d9d9);
      canvas.rect(6, 8, 12, 2, 0x303040);
      canvas.set(16, 8, 0x00e5ff);
      break;
    case 'Laser Eyes':
      regular(0xff2a2a);
      canvas.rect(0, 9, 8, 1, 0xff2a2a);
      canvas.rect(16, 9, 8, 1, 0xff2a2a);
      canvas.set(8, 9, 0xffb3b3);
      canvas.set(14, 9, 0xffb3b3);
      break;
    default:
      regular(OUTLINE);
  }
}

export function drawMouth(canvas: PixelCanvas, kind: string, hair: number, shade: number): void {
  const line = () => canvas.rect(10, 14, 4, 1, OUTLINE);
  switch (kind) {
    case 'Smile':
      line();
      canvas.set(9, 13, OUTLINE);
      canvas.set(14, 13, OUTLINE);
      break;
    case 'Frown':
      line();
      canvas.set(9, 15, OUTLINE);
      canvas.set(14, 15, OUTLINE);
      break;
    case 'Cigarette':
      line();
      canvas.rect(14, 14, 4, 1, WHITE);
      canvas.set(18, 14, 0xff7043);
      canvas.sprite(18, 10, ['.s', 's.', '.s'], { s: 0xb0b0b0 });
      break;
    case 'Pipe':
      line();
      canvas.rect(13, 15, 4, 1, 0x6d4c41);
      canvas.rect(16, 13, 2, 2, 0x6d4c41);
      break;
    case 'Bubble Gum':
      canvas.sprite(9, 13, ['.ppp.', 'ppppp', '.ppp.'], { p: 0xff80ab });
      break;
    case 'Goatee':
      line();
      canvas.rect(10, 16, 4, 1, hair);
      canvas.rect(11, 17, 2, 1, hair);
      break;
    default:
      line();
      canvas.set(10, 15, shade);
  }
}

export function drawAccessory(canvas: PixelCanvas, kind: string, rng: Rng): void {
  switch (kind) {
    case 'Earring':
      canvas.set(4, 13, GOLD);
      break;
    case 'Gold Chain':
    case 'Bitcoin Pendant':
      for (let x = 8; x <= 15; x += 1)
        canvas.set(x, x === 8 || x === 15 ? 20 : 21, x % 2 ? GOLD : DARK_GOLD);
      if (kind === 'Bitcoin Pendant') canvas.rect(11, 22, 2, 2, 0xf7931a);
      break;
    case 'Scarf': {
      const color = pick(rng, [0xd62828, 0x2e8b57, 0x3a7bd5]);
      canvas.rect(7, 19, 10, 2, color);
      canvas.rect(14, 21, 2, 3, color);
      break;
    }
    case 'Headphones':
      canvas.rect(5, 1, 14, 1, 0x333333);
      canvas.rect(4, 2, 1, 6, 0x333333);
      canvas.rect(19, 2, 1, 6, 0x333333);
      canvas.rect(2, 8, 3, 5, 0xd62828);
      canvas.rect(19, 8, 3, 5, 0xd62828);
      break;
    default:
      break;
  }
}
