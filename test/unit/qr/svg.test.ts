import { Parser } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { qrPathData } from '../../../lib/qr/path-data';
import { qrSvg } from '../../../lib/qr/svg';
import { decodePixels, matrixOf } from './helpers';

interface Element {
  name: string;
  attributes: Record<string, string>;
}

/** Parses the document as XML, the way an image viewer would, and lists its elements. */
function elementsOf(svg: string): { elements: Element[]; text: string } {
  const elements: Element[] = [];
  let text = '';
  const parser = new Parser(
    {
      onopentag: (name, attributes) => elements.push({ name, attributes }),
      ontext: (t) => (text += t),
    },
    { xmlMode: true },
  );
  parser.end(svg);
  return { elements, text };
}

/** Rebuilds the module grid from the path's runs; throws on anything but `M x y h w v1 h-w z`. */
function modulesFromPath(d: string, size: number): boolean[][] {
  const grid = Array.from({ length: size }, () => Array<boolean>(size).fill(false));
  const run = /M(\d+) (\d+)h(\d+)v1h-(\d+)z/y;
  let match: RegExpExecArray | null;
  while (run.lastIndex < d.length && (match = run.exec(d)) !== null) {
    const [, x, y, w, back] = match.map(Number) as [number, number, number, number, number];
    expect(back).toBe(w);
    for (let i = x; i < x + w; i++) grid[y]![i] = true;
  }
  expect(run.lastIndex).toBe(d.length);
  return grid;
}

/** Draws the rects at `scale` px per module into RGBA pixels, as a renderer would. */
function rasterise(grid: boolean[][], scale: number) {
  const side = grid.length * scale;
  const data = new Uint8ClampedArray(side * side * 4).fill(255);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      if (!grid[Math.floor(y / scale)]![Math.floor(x / scale)]) continue;
      data.fill(0, (y * side + x) * 4, (y * side + x) * 4 + 3);
    }
  }
  return { width: side, height: side, data };
}

const URLS = [
  'https://s.example/abc1234',
  'https://s.example/abc?utm_source=qr&lang=en',
  'https://xn--bcher-kva.example/buch',
];

describe('qrSvg', () => {
  it.each(URLS)('is one rect and one path whose runs are the modules of %s', (url) => {
    const matrix = matrixOf(url);
    const svg = qrSvg(matrix, { dark: '#000000', light: '#fff' });
    const { elements, text } = elementsOf(svg);
    expect(elements.map((e) => e.name)).toEqual(['svg', 'rect', 'path']);
    expect(text.trim()).toBe('');
    const [root, rect, path] = elements as [Element, Element, Element];
    expect(root.attributes).toMatchObject({ xmlns: 'http://www.w3.org/2000/svg', viewBox: `0 0 ${matrix.size} ${matrix.size}` });
    expect(rect.attributes).toEqual({ width: String(matrix.size), height: String(matrix.size), fill: '#fff' });
    expect(path.attributes.fill).toBe('#000000');
    expect(modulesFromPath(path.attributes.d ?? '', matrix.size)).toEqual(matrix.modules);
  });

  it.each(URLS)('rasterised, decodes back to %s', (url) => {
    const matrix = matrixOf(url);
    const { elements } = elementsOf(qrSvg(matrix, { dark: '#000', light: '#fff' }));
    const d = elements.find((e) => e.name === 'path')?.attributes.d ?? '';
    expect(decodePixels(rasterise(modulesFromPath(d, matrix.size), 3))).toBe(url);
  });

  it('never carries the link itself as text or attribute', () => {
    const svg = qrSvg(matrixOf('https://s.example/abc1234'), { dark: '#000', light: '#fff' });
    expect(svg).not.toContain('s.example');
  });

  it.each([
    { dark: 'red', light: '#fff' },
    { dark: '#000', light: '#fff"/><script>alert(1)</script><x a="' },
    { dark: 'url(https://evil.example/x)', light: '#fff' },
    { dark: '#00000', light: '#fff' },
  ])('refuses colours it does not control: %j', (colours) => {
    expect(() => qrSvg(matrixOf('https://s.example/a'), colours)).toThrow(RangeError);
  });
});

describe('qrPathData', () => {
  it('joins a row of dark modules into one run', () => {
    const matrix = { text: 'x', size: 4, modules: [[false, true, true, false], [true, false, false, true], [false, false, false, false], [true, true, true, true]] };
    expect(qrPathData(matrix)).toBe('M1 0h2v1h-2zM0 1h1v1h-1zM3 1h1v1h-1zM0 3h4v1h-4z');
  });
});
