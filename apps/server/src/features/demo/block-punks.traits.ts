import type { RolledTraits } from './traits.ts';

// Block Punks' traits, each value with its weight (rarity) and, for colours, its palette.

export const PUNK_TRAITS = {
  Background: [
    { value: 'Regtest Blue', weight: 20, color: 0x638596 },
    { value: 'Mint', weight: 16, color: 0x95c9a8 },
    { value: 'Peach', weight: 16, color: 0xf2b8a2 },
    { value: 'Lilac', weight: 15, color: 0xb5a6d8 },
    { value: 'Slate', weight: 14, color: 0x8a8f98 },
    { value: 'Lemon', weight: 12, color: 0xf4e285 },
    { value: 'Bitcoin Orange', weight: 5, color: 0xf7931a },
  ],
  Type: [
    { value: 'Light', weight: 24, skin: 0xf1c9a5, shade: 0xd9a982 },
    { value: 'Medium', weight: 24, skin: 0xc68e5d, shade: 0xa8743f },
    { value: 'Dark', weight: 22, skin: 0x7d4e2d, shade: 0x5e3a20 },
    { value: 'Zombie', weight: 10, skin: 0x7da269, shade: 0x5e8a4d },
    { value: 'Ape', weight: 8, skin: 0x856f56, shade: 0x6a5843 },
    { value: 'Robot', weight: 7, skin: 0xb8c0c8, shade: 0x8d96a0 },
    { value: 'Alien', weight: 5, skin: 0xc8fbfb, shade: 0x9bdcdc },
  ],
  Clothes: [
    { value: 'Tee', weight: 28 },
    { value: 'Hoodie', weight: 24 },
    { value: 'Tank Top', weight: 18 },
    { value: 'Suit', weight: 12 },
    { value: 'Bitcoin Tee', weight: 8 },
  ],
  Hair: [
    { value: 'Short Hair', weight: 18 },
    { value: 'Cap', weight: 14 },
    { value: 'Beanie', weight: 12 },
    { value: 'Bald', weight: 10 },
    { value: 'Mohawk', weight: 10 },
    { value: 'Wild Hair', weight: 10 },
    { value: 'Bandana', weight: 8 },
    { value: 'Top Hat', weight: 5 },
    { value: 'Crown', weight: 2 },
    { value: 'Halo', weight: 2 },
  ],
  Eyes: [
    { value: 'Regular', weight: 36 },
    { value: 'Sleepy', weight: 14 },
    { value: 'Shades', weight: 14 },
    { value: '3D Glasses', weight: 9 },
    { value: 'Eye Patch', weight: 7 },
    { value: 'VR Headset', weight: 5 },
    { value: 'Laser Eyes', weight: 3 },
  ],
  Mouth: [
    { value: 'Neutral', weight: 28 },
    { value: 'Smile', weight: 28 },
    { value: 'Frown', weight: 12 },
    { value: 'Cigarette', weight: 9 },
    { value: 'Goatee', weight: 8 },
    { value: 'Bubble Gum', weight: 6 },
    { value: 'Pipe', weight: 5 },
  ],
  Accessory: [
    { value: 'None', weight: 44 },
    { value: 'Earring', weight: 16 },
    { value: 'Gold Chain', weight: 12 },
    { value: 'Scarf', weight: 10 },
    { value: 'Headphones', weight: 8 },
    { value: 'Bitcoin Pendant', weight: 5 },
  ],
} as const;

export type PunkTraits = RolledTraits<typeof PUNK_TRAITS>;
