/**
 * Where a logo sits on a code: centred, on a plate of the background colour
 * whose modules are cleared (a module half under a logo confuses a scanner
 * more than a missing one, which error correction simply restores).
 */
import { LOGO_SIDE, type LogoSize } from './logo-size';
import type { QrMatrix } from './matrix';

/** A square in module units, from the code's top-left corner (quiet zone included). */
export interface ModuleBox {
  readonly x: number;
  readonly y: number;
  readonly side: number;
}

export interface QrLayout {
  /** The code with the modules under the plate cleared to light. */
  readonly matrix: QrMatrix;
  /** Where the logo is drawn, inside the plate; null without a logo. */
  readonly logo: ModuleBox | null;
}

/** Half a module of background round the logo, so no dark module touches it. */
const PLATE_MARGIN = 0.5;

export function layOut(matrix: QrMatrix, quietZone: number, size: LogoSize): QrLayout {
  const share = LOGO_SIDE[size];
  if (share === 0) return { matrix, logo: null };
  const n = matrix.size;
  const side = share * (n - 2 * quietZone);
  const start = (n - side) / 2;
  const plateStart = start - PLATE_MARGIN;
  const plateEnd = start + side + PLATE_MARGIN;
  // A module is cleared when its cell overlaps the plate at all.
  const under = (i: number) => i + 1 > plateStart && i < plateEnd;
  const modules = matrix.modules.map((row, y) => row.map((dark, x) => dark && !(under(x) && under(y))));
  return { matrix: { ...matrix, modules }, logo: { x: start, y: start, side } };
}
