import type { RolledTraits } from './traits.ts';

// Regtest Rocks' traits, each value with its weight (rarity) and how to draw it.

export const ROCK_TRAITS = {
  Background: [
    { value: 'Dawn', weight: 18, colors: ['#fbd3e9', '#bb377d'] },
    { value: 'Mint', weight: 18, colors: ['#d4fc79', '#96e6a1'] },
    { value: 'Sand', weight: 18, colors: ['#f6e7c1', '#d9a066'] },
    { value: 'Dusk', weight: 16, colors: ['#2b5876', '#4e4376'] },
    { value: 'Midnight', weight: 14, colors: ['#0f2027', '#2c5364'] },
    { value: 'Glacier', weight: 12, colors: ['#e0f7ff', '#7fb8e6'] },
    { value: 'Lava', weight: 4, colors: ['#f83600', '#f9d423'] },
  ],
  Sky: [
    { value: 'Clear', weight: 30 },
    { value: 'Sun', weight: 22 },
    { value: 'Stars', weight: 16 },
    { value: 'Rings', weight: 14 },
    { value: 'Blockspace', weight: 12 },
    { value: 'Eclipse', weight: 6 },
  ],
  Shape: [
    { value: 'Boulder', weight: 30, n: [8, 10], radius: 120, jitter: [0.86, 1], sx: 1.1, sy: 0.82 },
    { value: 'Pebble', weight: 22, n: [9, 12], radius: 88, jitter: [0.93, 1], sx: 1.2, sy: 0.72 },
    { value: 'Shard', weight: 20, n: [5, 6], radius: 120, jitter: [0.55, 1.08], sx: 0.72, sy: 1.2 },
    { value: 'Monolith', weight: 16, n: [4, 5], radius: 130, jitter: [0.94, 1], sx: 0.55, sy: 1.1 },
    { value: 'Geode', weight: 12, n: [7, 9], radius: 115, jitter: [0.88, 1], sx: 1.05, sy: 0.9 },
  ],
  Mineral: [
    { value: 'Granite', weight: 22, tones: ['#3d3d46', '#7d7f8c', '#d9dbe4'] },
    { value: 'Basalt', weight: 18, tones: ['#15161c', '#3b3e4a', '#7b7f90'] },
    { value: 'Sandstone', weight: 18, tones: ['#7a4a2a', '#c47f4a', '#f7d2a8'] },
    { value: 'Jade', weight: 14, tones: ['#1f4d3a', '#3f9b6f', '#a8f0c6'] },
    { value: 'Rose Quartz', weight: 14, tones: ['#7c3b5a', '#d77fa1', '#fde2ee'] },
    { value: 'Obsidian', weight: 9, tones: ['#0b0710', '#2a1840', '#7a55b0'] },
    { value: 'Gold', weight: 5, tones: ['#6b4a00', '#d4a017', '#fff3b0'] },
  ],
  Pattern: [
    { value: 'Plain', weight: 30 },
    { value: 'Strata', weight: 24 },
    { value: 'Speckles', weight: 22 },
    { value: 'Cracks', weight: 17 },
    { value: 'Gold Veins', weight: 7 },
  ],
  Glow: [
    { value: 'None', weight: 68 },
    { value: 'Soft', weight: 22 },
    { value: 'Neon', weight: 10 },
  ],
} as const;

export type RockTraits = RolledTraits<typeof ROCK_TRAITS>;
