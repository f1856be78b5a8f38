import { describe, expect, it } from 'vitest';
import { checkLogoFile, checkSvgText, logoTargetSize, MAX_LOGO_BYTES, sniffLogo } from '../../../lib/qr/logo-file';

const bytes = (text: string) => new TextEncoder().encode(text);
const PNG_HEAD = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPEG_HEAD = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]);
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4" fill="#c00"/></svg>';

describe('checkLogoFile', () => {
  it.each([
    ['PNG', PNG_HEAD, 'png'],
    ['JPEG', JPEG_HEAD, 'jpeg'],
    ['SVG', bytes(SVG), 'svg'],
    ['SVG with a prolog and comment', bytes('\uFEFF<?xml version="1.0"?>\n<!-- logo -->\n' + SVG), 'svg'],
  ])('accepts a %s by its bytes', (_name, head, kind) => {
    expect(checkLogoFile(head.length, head)).toEqual({ ok: true, kind });
  });

  it.each([
    ['a text file', bytes('hello, not an image'), 'not-image'],
    ['a PDF named logo.png', bytes('%PDF-1.7\n'), 'not-image'],
    ['HTML', bytes('<html><svg></svg></html>'), 'not-image'],
    ['an empty file', new Uint8Array(0), 'empty'],
  ])('refuses %s', (_name, head, problem) => {
    expect(checkLogoFile(head.length, head)).toEqual({ ok: false, problem });
  });

  it('refuses a 50 MB file before reading it, and takes exactly 1 MB', () => {
    expect(checkLogoFile(50 * 1024 * 1024, PNG_HEAD)).toEqual({ ok: false, problem: 'too-big' });
    expect(checkLogoFile(MAX_LOGO_BYTES + 1, PNG_HEAD)).toEqual({ ok: false, problem: 'too-big' });
    expect(checkLogoFile(MAX_LOGO_BYTES, PNG_HEAD)).toEqual({ ok: true, kind: 'png' });
  });

  it('does not call GIF or WebP a logo kind', () => {
    expect(sniffLogo(bytes('GIF89a'))).toBeNull();
    expect(sniffLogo(bytes('RIFF\0\0\0\0WEBP'))).toBeNull();
  });
});

describe('checkSvgText', () => {
  it.each([
    SVG,
    '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><defs><linearGradient id="g"/></defs><rect fill="url(#g)"/><use xlink:href="#g"/></svg>',
  ])('accepts a self-contained SVG', (text) => {
    expect(checkSvgText(text)).toEqual({ ok: true });
  });

  it.each([
    '<svg><script>alert(1)</script></svg>',
    '<svg onload="alert(1)"></svg>',
    '<svg><a href="javascript:alert(1)"><rect/></a></svg>',
    '<svg><foreignObject><div/></foreignObject></svg>',
    '<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg>&x;</svg>',
  ])('refuses scripts: %s', (text) => {
    expect(checkSvgText(text)).toEqual({ ok: false, problem: 'svg-script' });
  });

  it.each([
    '<svg><image href="https://tracker.example/p.png"/></svg>',
    "<svg><use xlink:href='other.svg#a'/></svg>",
    '<svg><rect style="fill: url(https://x.example/f.svg#p)"/></svg>',
    '<svg><style>@import "https://x.example/a.css";</style></svg>',
    '<svg><image href="data:image/png;base64,AAAA"/></svg>',
  ])('refuses external references: %s', (text) => {
    expect(checkSvgText(text)).toEqual({ ok: false, problem: 'svg-external' });
  });
});

describe('logoTargetSize', () => {
  it('refuses a 1x1 pixel and anything under 16 px a side', () => {
    expect(logoTargetSize(1, 1)).toEqual({ ok: false, problem: 'too-small' });
    expect(logoTargetSize(300, 15)).toEqual({ ok: false, problem: 'too-small' });
    expect(logoTargetSize(0, 0)).toEqual({ ok: false, problem: 'unreadable' });
  });

  it('keeps small logos as they are and caps large ones at 256 px, in proportion', () => {
    expect(logoTargetSize(16, 16)).toEqual({ ok: true, width: 16, height: 16 });
    expect(logoTargetSize(2000, 1000)).toEqual({ ok: true, width: 256, height: 128 });
  });
});
