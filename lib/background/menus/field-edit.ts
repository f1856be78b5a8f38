/**
 * The field the user is writing in, read and written in the page itself with
 * scripting.executeScript under the activeTab grant that the menu click or
 * the shortcut gives (no host permission, no content script; the function
 * runs once and returns). One page function does each step, so the browser
 * sends one self-contained function: it may use nothing from this module.
 *
 * Writing goes "as if typed": document.execCommand('insertText') on the
 * focused input, textarea or contenteditable, so the page's Undo takes it
 * back and editors that listen to input events see it. A rich editor's
 * links are replaced inside its text nodes: the editor's content is cloned,
 * the clone's text nodes changed (and the href of an anchor that pointed at
 * a URL replaced), and the clone put back with execCommand('insertHTML'):
 * the markup is kept, and Chromium and Firefox record it as one undo step.
 * Before either, a cancelable `beforeinput` is sent to the field (neither
 * browser sends one for execCommand): a page that cancels it refuses the
 * text, and nothing changes; an editor that handles it itself (inserting the
 * text from the event) is left to do so. Only when execCommand does nothing
 * is the text set directly, with an `input` event, and the answer says so
 * (the page's Undo may not take that back).
 *
 * A read-only, disabled or non-text field is refused before anything is
 * written. Between the read and the write of "Shorten the links in this text
 * box" the network is asked: the write checks the field still holds what was
 * read, and writes nothing when the user typed meanwhile.
 */
import { browser } from 'wxt/browser';

/** What the page is asked to do. */
export type FieldOp =
  /** Whether this frame has the focus, and what kind of field has it. */
  | { op: 'probe' }
  /** `link` at the caret (replacing the selection). */
  | { op: 'insert'; link: string }
  /** The field's text, cut to `maxChars` + 1 characters. */
  | { op: 'read'; maxChars: number }
  /** An input's or a textarea's whole value, when it is still `expected`. */
  | { op: 'write-plain'; expected: string; text: string }
  /**
   * A rich editor's text nodes, when they are still `expected` (`total` text
   * nodes in all, in the read's order): `changes` give the new text of some,
   * `after` the text of every segment once written (to check the write).
   */
  | { op: 'write-rich'; total: number; expected: { at: number; text: string }[]; changes: { at: number; text: string; links: { url: string; short: string }[] }[]; after: string };

/** How a write went in: as typed (undoable), by the page's own editor, or set directly (the page's Undo may not take it back). */
export type WriteHow = 'typed' | 'page' | 'set';

export type FieldAnswer =
  | { status: 'focus'; focused: boolean; field: 'plain' | 'rich' | 'frame' | 'none' }
  | { status: 'no-field' }
  | { status: 'refused'; reason: 'read-only' | 'not-text' | 'blocked' }
  | { status: 'plain'; text: string }
  | { status: 'rich'; total: number; segments: { at: number; text: string; breakBefore: boolean }[] }
  | { status: 'done'; how: WriteHow }
  | { status: 'changed' };

/**
 * Runs in the page, serialised by the browser: it may use nothing from this
 * module, only what the page has and its argument. Exported for its tests.
 */
export function fieldInPage(request: FieldOp): FieldAnswer {
  let focused: Element | null = document.activeElement;
  while (focused?.shadowRoot?.activeElement) focused = focused.shadowRoot.activeElement;
  const tag = focused?.tagName ?? '';
  const plain = tag === 'INPUT' || tag === 'TEXTAREA' ? (focused as HTMLInputElement | HTMLTextAreaElement) : null;
  let rich = plain === null && focused !== null && (focused as HTMLElement).isContentEditable ? (focused as HTMLElement) : null;
  // The editing host: the outermost editable element (a focused child may be editable by inheritance).
  while (rich?.parentElement?.isContentEditable) rich = rich.parentElement;
  if (request.op === 'probe') {
    const field = plain !== null ? 'plain' : rich !== null ? 'rich' : tag === 'IFRAME' || tag === 'FRAME' ? 'frame' : 'none';
    return { status: 'focus', focused: document.hasFocus(), field };
  }
  if (plain === null && rich === null) return { status: 'no-field' };
  // Text-like inputs only: an email or number field does not take an address, a password field should not.
  if (plain !== null && tag === 'INPUT' && !['text', 'search', 'url', 'tel'].includes((plain as HTMLInputElement).type)) return { status: 'refused', reason: 'not-text' };
  if (plain !== null && (plain.readOnly || plain.disabled)) return { status: 'refused', reason: 'read-only' };
  const target = (plain ?? rich) as HTMLElement;

  // The text nodes of the editor, in order; `at` is a node's place among them all.
  const textNodes = (root: Node): Text[] => {
    const nodes: Text[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) nodes.push(node as Text);
    return nodes;
  };
  // Only what the user edits and reads: not a non-editable island (a chip, a mention), a script or a style.
  const kept = (node: Text): boolean => {
    const parent = node.parentElement;
    return parent !== null && parent.isContentEditable && parent.closest('script, style') === null && node.data !== '';
  };
  const current = (): string => (plain !== null ? plain.value : textNodes(rich!).filter(kept).map((node) => node.data).join(''));
  // false: the page cancelled it. The browsers send none for execCommand, so a page may refuse only this one.
  const allowed = (inputType: string, data: string | null): boolean =>
    target.dispatchEvent(new InputEvent('beforeinput', { inputType, data, bubbles: true, cancelable: true, composed: true }));

  if (request.op === 'read') {
    if (plain !== null) return { status: 'plain', text: plain.value.slice(0, request.maxChars + 1) };
    const nodes = textNodes(rich!);
    const segments: { at: number; text: string; breakBefore: boolean }[] = [];
    const blockOf = (node: Node): Element | null => {
      for (let el = node.parentElement; el !== null; el = el.parentElement) {
        if (el === rich || !getComputedStyle(el).display.startsWith('inline')) return el;
      }
      return null;
    };
    let chars = 0;
    let lastBlock: Element | null = null;
    let lastNode: Text | null = null;
    for (const [at, node] of nodes.entries()) {
      if (chars > request.maxChars) break;
      if (!kept(node)) continue;
      const block = blockOf(node);
      let breakBefore = lastNode !== null && block !== lastBlock;
      if (!breakBefore && lastNode !== null) {
        // A <br> between the two.
        const range = document.createRange();
        range.setStartAfter(lastNode);
        range.setEndBefore(node);
        breakBefore = range.cloneContents().querySelector('br') !== null;
      }
      segments.push({ at, text: node.data, breakBefore });
      chars += node.data.length + 1;
      lastBlock = block;
      lastNode = node;
    }
    return { status: 'rich', total: nodes.length, segments };
  }

  if (request.op === 'insert') {
    const before = current();
    if (!allowed('insertText', request.link)) return current() !== before ? { status: 'done', how: 'page' } : { status: 'refused', reason: 'blocked' };
    // An editor that took the event and wrote the text itself, without cancelling it: not a second time.
    if (current() !== before) return { status: 'done', how: 'page' };
    if (rich !== null) {
      // The caret must be in the editor (a right-click puts it there); otherwise at its end.
      const selection = document.getSelection();
      if (selection === null || selection.rangeCount === 0 || !rich.contains(selection.getRangeAt(0).commonAncestorContainer)) {
        const range = document.createRange();
        range.selectNodeContents(rich);
        range.collapse(false);
        selection?.removeAllRanges();
        selection?.addRange(range);
      }
    }
    document.execCommand('insertText', false, request.link);
    if (current() !== before) return { status: 'done', how: 'typed' };
    if (plain !== null) {
      const start = plain.selectionStart ?? plain.value.length;
      plain.setRangeText(request.link, start, plain.selectionEnd ?? start, 'end');
    } else {
      const range = document.getSelection()!.getRangeAt(0);
      range.deleteContents();
      range.insertNode(document.createTextNode(request.link));
    }
    target.dispatchEvent(new InputEvent('input', { inputType: 'insertText', data: request.link, bubbles: true, composed: true }));
    return { status: 'done', how: 'set' };
  }

  if (request.op === 'write-plain') {
    if (plain === null || plain.value !== request.expected) return { status: 'changed' };
    if (!allowed('insertReplacementText', request.text)) return plain.value === request.text ? { status: 'done', how: 'page' } : { status: 'refused', reason: 'blocked' };
    if (plain.value !== request.expected) return plain.value === request.text ? { status: 'done', how: 'page' } : { status: 'changed' };
    // The whole value selected and typed over: one undo step brings the old text back.
    plain.select();
    document.execCommand('insertText', false, request.text);
    if (plain.value !== request.expected) return { status: 'done', how: 'typed' };
    plain.setRangeText(request.text, 0, plain.value.length, 'end');
    plain.dispatchEvent(new InputEvent('input', { inputType: 'insertReplacementText', data: request.text, bubbles: true, composed: true }));
    return { status: 'done', how: 'set' };
  }

  // write-rich
  if (rich === null) return { status: 'changed' };
  const same = (): boolean => {
    const nodes = textNodes(rich!);
    return nodes.length === request.total && request.expected.every((segment) => nodes[segment.at]?.data === segment.text);
  };
  if (!same()) return { status: 'changed' };
  // Compared with white space folded: the browser may write a space it inserts as a no-break space.
  const flat = (text: string): string => text.replace(/\s+/g, ' ');
  const before = flat(current());
  const written = (): boolean => flat(current()) === flat(request.after);
  if (!allowed('insertReplacementText', null)) return written() ? { status: 'done', how: 'page' } : { status: 'refused', reason: 'blocked' };
  if (!same()) return written() ? { status: 'done', how: 'page' } : { status: 'changed' };
  const pointsAt = (anchor: Element | null, url: string): boolean => {
    const href = anchor?.getAttribute('href');
    if (href === null || href === undefined) return false;
    try {
      return new URL(href, document.baseURI).href === new URL(url).href;
    } catch {
      return false;
    }
  };
  const apply = (nodes: Text[]) => {
    for (const change of request.changes) {
      const node = nodes[change.at];
      if (node === undefined) continue;
      node.data = change.text;
      const anchor = node.parentElement?.closest('a') ?? null;
      const link = change.links.find((l) => pointsAt(anchor, l.url));
      if (anchor !== null && link !== undefined) anchor.setAttribute('href', link.short);
    }
  };
  const clone = rich.cloneNode(true) as HTMLElement;
  apply(textNodes(clone));
  // Read from the clone, never assigned to the page: the browser parses it as the paste of an edited copy.
  const html = clone.innerHTML;
  const range = document.createRange();
  range.selectNodeContents(rich);
  const selection = document.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
  document.execCommand('insertHTML', false, html);
  if (flat(current()) !== before) return { status: 'done', how: 'typed' };
  apply(textNodes(rich));
  rich.dispatchEvent(new InputEvent('input', { inputType: 'insertReplacementText', bubbles: true, composed: true }));
  return { status: 'done', how: 'set' };
}

/** Where to run: the tab, and the frame of the field (0: the top page). */
export interface FieldPlace {
  tabId: number;
  frameId: number;
}

/** Runs `request` in the field's frame; null when the page cannot be scripted (the browser's pages, a frame of another site). */
export async function inField(place: FieldPlace, request: FieldOp): Promise<FieldAnswer | null> {
  try {
    const [result] = await browser.scripting.executeScript({ target: { tabId: place.tabId, frameIds: [place.frameId] }, func: fieldInPage, args: [request] });
    const answer = result?.result as FieldAnswer | undefined;
    // The page's own copy of the function may not be the one sent (a page can redefine what it calls): only a known shape counts.
    return answer !== undefined && answer !== null && typeof answer === 'object' && typeof answer.status === 'string' ? answer : null;
  } catch {
    return null;
  }
}

/**
 * The frame whose field has the focus in the tab, for the shortcut (a menu
 * click names its frame). `unreachable`: the focus is in a frame the
 * extension may not script (another site's).
 */
export async function focusedField(tabId: number): Promise<{ place: FieldPlace } | { missing: 'no-field' | 'unreachable' }> {
  let results: { frameId?: number; result?: unknown }[];
  try {
    results = await browser.scripting.executeScript({ target: { tabId, allFrames: true }, func: fieldInPage, args: [{ op: 'probe' } satisfies FieldOp] });
  } catch {
    return { missing: 'unreachable' };
  }
  const answers = results.map((r) => ({ frameId: r.frameId ?? 0, answer: r.result as FieldAnswer | undefined }));
  const focusOf = (a: FieldAnswer | undefined) => (a?.status === 'focus' ? a : null);
  const found = answers.find((a) => focusOf(a.answer)?.focused === true && ['plain', 'rich'].includes(focusOf(a.answer)!.field));
  if (found !== undefined) return { place: { tabId, frameId: found.frameId } };
  // The focus is in a frame none of the answers came from.
  const inFrame = answers.some((a) => focusOf(a.answer)?.focused === true && focusOf(a.answer)?.field === 'frame');
  return { missing: inFrame ? 'unreachable' : 'no-field' };
}
