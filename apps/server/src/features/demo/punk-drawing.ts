import type { PunkTraits } from './block-punks.traits.ts';
import { PixelCanvas } from './pixel-canvas.ts';
import { drawAccessory, drawEyes, drawMouth, OUTLINE, WHITE } from './punk-face.ts';
import { pick, randomInt, type Rng } from './seeded-random.ts';

// A Block Punk, front facing on 24×24 pixels, drawn back to front: clothes, neck, head and ears,
// hair or hat, mouth, eyes, accessory.

const GOLD = 0xf2c230;

export function drawPunk(rng: Rng, traits: PunkTraits): PixelCanvas {
  const canvas = new PixelCanvas(24, 24, traits.Background.color);
  const { skin, shade } = traits.Type;
  const hair = pick(rng, [0x2b1d0e, 0x5a3825, 0xe6c35c, 0xb5472a, 0xc0c0c0, 0x111111]);
  drawClothes(canvas, traits.Clothes.value, skin, rng);
  canvas.rect(9, 18, 6, 4, skin);
  canvas.rect(8, 18, 1, 3, OUTLINE);
  canvas.rect(15, 18, 1, 3, OUTLINE);
  canvas.sprite(5, 3, HEAD, { o: OUTLINE, s: skin });
  for (const [ear, rim] of [
    [4, 3],
    [19, 20],
  ] as const) {
    canvas.rect(ear, 9, 1, 3, skin);
    canvas.rect(rim, 9, 1, 3, OUTLINE);
    canvas.set(ear, 8, OUTLINE);
    canvas.set(ear, 12, OUTLINE);
  }
  if (traits.Type.value === 'Ape') canvas.rect(8, 12, 8, 5, 0xa89078);
  if (traits.Type.value === 'Robot') {
    canvas.rect(6, 15, 12, 1, shade);
    canvas.set(11, 1, OUTLINE);
    canvas.set(11, 2, OUTLINE);
    canvas.set(11, 0, 0xff3b30);
  }
  canvas.rect(11, 11, 1, 2, shade);
  canvas.set(12, 12, shade);
  drawHair(canvas, traits.Hair.value, hair, rng);
  drawMouth(canvas, traits.Mouth.value, hair, shade);
  drawEyes(canvas, traits.Eyes.value, shade);
  drawAccessory(canvas, traits.Accessory.value, rng);
  return canvas;
}

const HEAD = [
  '.oooooooooooo.',
  ...Array.from({ length: 12 }, () => 'osssssssssssso'),
  '.osssssssssso.',
  '..osssssssso..',
  '...oooooooo...',
];

function drawClothes(canvas: PixelCanvas, kind: string, skin: number, rng: Rng): void {
  const color =
    kind === 'Suit'
      ? 0x22252b
      : kind === 'Bitcoin Tee'
        ? 0xf7931a
        : pick(rng, [0x3a7bd5, 0xd64550, 0x2e8b57, 0x6c5ce7, 0x404040, 0xe0e0e0]);
  canvas.rect(6, 20, 12, 1, OUTLINE);
  canvas.rect(6, 21, 12, 1, color);
  canvas.set(5, 21, OUTLINE);
  canvas.set(18, 21, OUTLINE);
  canvas.rect(5, 22, 14, 2, color);
  canvas.rect(4, 22, 1, 2, OUTLINE);
  canvas.rect(19, 22, 1, 2, OUTLINE);
  if (kind === 'Tank Top') {
    canvas.rect(5, 22, 3, 2, skin);
    canvas.rect(16, 22, 3, 2, skin);
    canvas.rect(6, 21, 2, 1, skin);
    canvas.rect(16, 21, 2, 1, skin);
  }
  if (kind === 'Bitcoin Tee') canvas.sprite(13, 21, ['.w.', 'www'], { w: WHITE });
}

function drawHair(canvas: PixelCanvas, kind: string, hair: number, rng: Rng): void {
  const hat = pick(rng, [0xd64550, 0x3a7bd5, 0x2e8b57, 0x222222, 0xf7931a]);
  switch (kind) {
    case 'Short Hair':
      canvas.rect(5, 2, 14, 3, hair);
      canvas.rect(5, 5, 2, 3, hair);
      canvas.rect(17, 5, 2, 3, hair);
      break;
    case 'Mohawk':
      canvas.rect(10, 0, 4, 5, pick(rng, [0xff3ea5, 0x39ff14, 0x00b3ff, hair]));
      break;
    case 'Cap':
      canvas.rect(6, 1, 12, 4, hat);
      canvas.rect(4, 5, 16, 1, OUTLINE);
      canvas.rect(8, 2, 2, 1, WHITE);
      break;
    case 'Beanie':
      canvas.rect(5, 1, 14, 4, hat);
      canvas.rect(5, 4, 14, 1, WHITE);
      canvas.rect(11, 0, 2, 1, WHITE);
      break;
    case 'Wild Hair':
      for (let x = 3; x <= 20; x += 1) {
        const top = randomInt(rng, 0, 2);
        const bottom = x < 6 || x > 17 ? randomInt(rng, 8, 13) : 4;
        canvas.rect(x, top, 1, bottom - top + 1, hair);
      }
      break;
    case 'Bandana':
      canvas.rect(5, 3, 14, 3, 0xd62828);
      canvas.rect(19, 4, 2, 2, 0xd62828);
      for (const x of [7, 11, 15]) canvas.set(x, 4, WHITE);
      break;
    case 'Top Hat':
      canvas.rect(7, 0, 10, 4, OUTLINE);
      canvas.rect(7, 3, 10, 1, 0xd62828);
      canvas.rect(4, 4, 16, 1, OUTLINE);
      break;
    case 'Crown':
      canvas.sprite(7, 0, ['g...gg...g', 'gg.gggg.gg', 'grggggggrg', 'gggggggggg'], {
        g: GOLD,
        r: 0xd62828,
      });
      break;
    case 'Halo':
      canvas.rect(7, 0, 10, 1, 0xfff176);
      canvas.set(6, 1, 0xfff176);
      canvas.set(17, 1, 0xfff176);
      break;
    default:
      break;
  }
}
