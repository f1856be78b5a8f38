// How a check's final answer is judged: gone, failing, moved to another site or to a login page, fine.
import { describe, expect, it } from 'vitest';
import { judgeAnswer } from '../../../lib/watch/watch-outcome';

const u = (s: string) => new URL(s);

describe('judgeAnswer', () => {
  it('calls 404 and 410 gone, 5xx failing', () => {
    expect(judgeAnswer(u('https://a.com/x'), u('https://a.com/x'), 404).state).toBe('gone');
    expect(judgeAnswer(u('https://a.com/x'), u('https://a.com/x'), 410).state).toBe('gone');
    expect(judgeAnswer(u('https://a.com/x'), u('https://a.com/x'), 503)).toEqual({ state: 'failing', reason: { kind: 'answered', status: 503 } });
  });

  it('calls a page ending on another site moved, but not www or https changes', () => {
    expect(judgeAnswer(u('https://a.com/x'), u('https://b.org/y'), 200)).toEqual({ state: 'moved', reason: { kind: 'other-site', host: 'b.org' } });
    expect(judgeAnswer(u('http://a.com/x'), u('https://www.a.com/x'), 200).state).toBe('fine');
  });

  it('calls a redirect to a login page moved, on the same site too', () => {
    expect(judgeAnswer(u('https://a.com/doc'), u('https://a.com/login?next=/doc'), 200)).toEqual({ state: 'moved', reason: { kind: 'login', host: 'a.com' } });
    expect(judgeAnswer(u('https://a.com/doc'), u('https://accounts.a.com/'), 200).reason.kind).toBe('login');
    // A link to a login page is what it was made for.
    expect(judgeAnswer(u('https://a.com/login'), u('https://a.com/login'), 200).state).toBe('fine');
  });

  it('calls other answers fine', () => {
    expect(judgeAnswer(u('https://a.com/'), u('https://a.com/'), 200).state).toBe('fine');
    expect(judgeAnswer(u('https://a.com/'), u('https://a.com/'), 403).state).toBe('fine');
  });
});
