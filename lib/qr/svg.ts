/**
 * The QR code as a standalone SVG document, for the "Download SVG" file.
 *
 * Built as a string, so what goes in it is closed: the path data is numbers
 * from the matrix and the colours must match COLOUR below. No text from the
 * service (not even the short URL) is ever put in an attribute or element.
 */
import type { QrMatrix } from './matrix';
import { qrPathData } from './path-data';

export interface QrColours {
  /** Dark modules, as #rgb or #rrggbb. */
  dark: string;
  /** Background and quiet zone, as #rgb or #rrggbb. */
  light: string;
}

const COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** Colours come from our code, not users; a bad one is a programming error. */
function checkedColour(value: string): string {
  if (!COLOUR.test(value)) throw new RangeError(`QR colour must be #rgb or #rrggbb: ${value}`);
  return value;
}

export function qrSvg(matrix: QrMatrix, colours: QrColours): string {
  const dark = checkedColour(colours.dark);
  const light = checkedColour(colours.light);
  const n = matrix.size;
  // crispEdges: no anti-aliased seams between runs when the file is scaled.
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${n} ${n}" width="${n * 8}" height="${n * 8}" shape-rendering="crispEdges">` +
    `<rect width="${n}" height="${n}" fill="${light}"/>` +
    `<path fill="${dark}" d="${qrPathData(matrix)}"/>` +
    `</svg>\n`
  );
}
