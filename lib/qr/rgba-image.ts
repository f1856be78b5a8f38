/** Pixels as the canvas and jsQR hold them: RGBA, 4 bytes a pixel, row by row. */
export interface RgbaImage {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8ClampedArray;
}
