import { describe, expect, it } from 'vitest';
import { parseColour } from '../../../lib/qr/colour';
import { checkContrast, contrastRatio } from '../../../lib/qr/contrast';

describe('parseColour', () => {
  it.each([
    ['#000', '#000000'],
    ['#FfF', '#ffffff'],
    ['  #1a2B3c ', '#1a2b3c'],
    ['rgb(0, 128, 255)', '#0080ff'],
    ['RGB(12 34 56)', '#0c2238'],
  ])('reads %s as %s', (text, hex) => {
    const verdict = parseColour(text);
    expect(verdict.ok && verdict.hex).toBe(hex);
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['red', 'not-a-colour'],
    ['#12', 'not-a-colour'],
    ['#12345g', 'not-a-colour'],
    ['rgb(256, 0, 0)', 'not-a-colour'],
    ['rgb(1, 2)', 'not-a-colour'],
    ['rgba(0, 0, 0, 0.5)', 'not-a-colour'],
    ['#000"/><script>', 'not-a-colour'],
    ['url(https://x.example/)', 'not-a-colour'],
  ])('refuses %j: %s', (text, problem) => {
    expect(parseColour(text)).toEqual({ ok: false, problem });
  });
});

describe('checkContrast', () => {
  const rgb = (hex: string) => {
    const v = parseColour(hex);
    if (!v.ok) throw new Error(hex);
    return v.rgb;
  };

  it('gives black on white 21:1 and equal colours 1:1', () => {
    expect(contrastRatio(rgb('#000'), rgb('#fff'))).toBeCloseTo(21, 5);
    expect(contrastRatio(rgb('#777'), rgb('#777'))).toBe(1);
  });

  it.each([
    ['#000000', '#ffffff'],
    ['#1d3557', '#f1faee'],
    ['#7a1f00', '#fff4e0'],
  ])('accepts dark %s on light %s', (dark, light) => {
    expect(checkContrast(rgb(dark), rgb(light)).ok).toBe(true);
  });

  it('refuses an inverted pair however strong its contrast', () => {
    expect(checkContrast(rgb('#ffffff'), rgb('#000000'))).toMatchObject({ ok: false, problem: 'inverted' });
  });

  it('accepts #777 on white, just above 4:1', () => {
    expect(checkContrast(rgb('#777777'), rgb('#ffffff')).ok).toBe(true);
  });

  it.each([
    ['#888888', '#ffffff'], // 3.54:1
    ['#e63946', '#f1faee'],
    ['#000000', '#000000'],
  ])('refuses %s on %s below 4:1 as low contrast', (dark, light) => {
    const verdict = checkContrast(rgb(dark), rgb(light));
    expect(verdict).toMatchObject({ ok: false, problem: 'low-contrast' });
    expect(verdict.ratio).toBeLessThan(4);
  });
});
