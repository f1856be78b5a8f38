/**
 * The QR code as a standalone SVG document, for the "Download SVG" file.
 *
 * Built as a string, so what goes in it is closed: the path data is numbers
 * from the matrix and the colours must match COLOUR below. No text from the
 * service (not even the short URL) is ever put in an attribute or element.
 * A logo goes in as a PNG data URL we encoded ourselves (lib/qr/logo-data-url.ts),
 * checked against LOGO_HREF: the file never points anywhere.
 */
import type { ModuleBox } from './logo-layout';
import type { QrMatrix } from './matrix';
import { qrPathData } from './path-data';

export interface QrColours {
  /** Dark modules, as #rgb or #rrggbb. */
  dark: string;
  /** Background and quiet zone, as #rgb or #rrggbb. */
  light: string;
}

const COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
const LOGO_HREF = /^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/;

export interface QrSvgLogo {
  /** The logo as a PNG data URL. */
  href: string;
  /** Where it goes, in modules (lib/qr/logo-layout.ts). */
  box: ModuleBox;
}

/** Colours come from our code, not users; a bad one is a programming error. */
function checkedColour(value: string): string {
  if (!COLOUR.test(value)) throw new RangeError(`QR colour must be #rgb or #rrggbb: ${value}`);
  return value;
}

function logoElement({ href, box }: QrSvgLogo): string {
  if (!LOGO_HREF.test(href)) throw new RangeError('QR logo must be a PNG data URL');
  const num = (v: number) => Number(v.toFixed(3));
  return `<image x="${num(box.x)}" y="${num(box.y)}" width="${num(box.side)}" height="${num(box.side)}" preserveAspectRatio="xMidYMid meet" href="${href}"/>`;
}

export function qrSvg(matrix: QrMatrix, colours: QrColours, logo: QrSvgLogo | null = null): string {
  const dark = checkedColour(colours.dark);
  const light = checkedColour(colours.light);
  const n = matrix.size;
  // crispEdges: no anti-aliased seams between runs when the file is scaled.
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${n} ${n}" width="${n * 8}" height="${n * 8}" shape-rendering="crispEdges">` +
    `<rect width="${n}" height="${n}" fill="${light}"/>` +
    `<path fill="${dark}" d="${qrPathData(matrix)}"/>` +
    (logo ? logoElement(logo) : '') +
    `</svg>\n`
  );
}
