import { describe, expect, it, vi } from 'vitest';
import { copyText, type CopyPage } from '../../../lib/browser/copy-text';

/** A page whose copy command fires the copy event (or is refused), and a Clipboard API beside it. */
function page(command: 'allowed' | 'refused' | 'throws') {
  const listeners = new Set<(event: ClipboardEvent) => void>();
  const written: string[] = [];
  const writeText = vi.fn(async (text: string) => void written.push(`api:${text}`));
  const doc = {
    addEventListener: (_type: string, listener: (event: ClipboardEvent) => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: (event: ClipboardEvent) => void) => listeners.delete(listener),
    execCommand: () => {
      if (command === 'throws') throw new Error('not allowed');
      if (command === 'refused') return false;
      const event = { clipboardData: { setData: (_type: string, text: string) => written.push(`event:${text}`) }, preventDefault: () => undefined };
      listeners.forEach((listener) => listener(event as unknown as ClipboardEvent));
      return true;
    },
  } as unknown as CopyPage['doc'];
  return { copyPage: { doc, clipboard: () => ({ writeText }) } satisfies CopyPage, written, writeText, listeners };
}

describe('copyText', () => {
  it('hands the text over in the copy event, without the Clipboard API, and leaves no listener behind', async () => {
    const p = page('allowed');
    await expect(copyText('http://s.test/abc', p.copyPage)).resolves.toBe(true);
    expect(p.written).toEqual(['event:http://s.test/abc']);
    expect(p.writeText).not.toHaveBeenCalled();
    expect(p.listeners.size).toBe(0);
  });

  it.each(['refused', 'throws'] as const)('falls back to the Clipboard API when the command is %s', async (command) => {
    const p = page(command);
    await expect(copyText('http://s.test/abc', p.copyPage)).resolves.toBe(true);
    expect(p.written).toEqual(['api:http://s.test/abc']);
    expect(p.listeners.size).toBe(0);
  });

  it('rejects when neither way copies', async () => {
    const p = page('refused');
    p.writeText.mockRejectedValueOnce(new Error('Document is not focused'));
    await expect(copyText('x', p.copyPage)).rejects.toThrow(/not focused/);
  });
});
