import { encodeIndexedPng, type PngText, type Rgb } from './png-encoder.ts';

/** A small indexed-colour drawing surface: the palette grows as colours are used. */
export class PixelCanvas {
  private readonly pixels: Uint8Array;
  private readonly palette: Rgb[];

  constructor(
    readonly width: number,
    readonly height: number,
    background: Rgb,
  ) {
    this.palette = [background];
    this.pixels = new Uint8Array(width * height);
  }

  set(x: number, y: number, color: Rgb): void {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    this.pixels[y * this.width + x] = this.indexOf(color);
  }

  get(x: number, y: number): Rgb | undefined {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return undefined;
    return this.palette[this.pixels[y * this.width + x] as number];
  }

  rect(x: number, y: number, width: number, height: number, color: Rgb): void {
    for (let dy = 0; dy < height; dy += 1) {
      for (let dx = 0; dx < width; dx += 1) this.set(x + dx, y + dy, color);
    }
  }

  /**
   * Draws a sprite given as rows of characters; each character found in `colors` paints that
   * colour, any other (conventionally '.') leaves the pixel alone.
   */
  sprite(x: number, y: number, rows: readonly string[], colors: Readonly<Record<string, Rgb>>) {
    rows.forEach((row, dy) => {
      [...row].forEach((ch, dx) => {
        const color = colors[ch];
        if (color !== undefined) this.set(x + dx, y + dy, color);
      });
    });
  }

  /** This canvas drawn at an offset onto a larger one. */
  drawOnto(target: PixelCanvas, x: number, y: number): void {
    for (let py = 0; py < this.height; py += 1) {
      for (let px = 0; px < this.width; px += 1) {
        target.set(
          x + px,
          y + py,
          this.palette[this.pixels[py * this.width + px] as number] as Rgb,
        );
      }
    }
  }

  toPng(text: PngText = {}): Uint8Array {
    return encodeIndexedPng(
      { width: this.width, height: this.height, palette: this.palette, pixels: this.pixels },
      text,
    );
  }

  private indexOf(color: Rgb): number {
    const found = this.palette.indexOf(color);
    if (found >= 0) return found;
    if (this.palette.length === 256) throw new RangeError('more than 256 colours');
    this.palette.push(color);
    return this.palette.length - 1;
  }
}
