import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, startHarness, type Harness } from './harness';

let h: Harness;
let token: string;
let linkId: string;
const ws = 'text-ws';

beforeAll(async () => {
  h = await startHarness();
  token = await h.token(ws);
  const made = await h.call('POST', '/link', { token, body: { workspaceId: ws, keywordType: 'HASH', longUrl: 'https://text.example/' } });
  linkId = (made.json.data as { linkId: string }).linkId;
});
afterAll(() => h.close());

const lead = () => ({ workspaceId: ws, linkId, eventName: 'Sign up', customerId: 'cus_1' });
const sale = () => ({ ...lead(), amount: 100, currency: 'EUR' });

// Every character class the rule refuses, in the middle of a value (trimming cannot remove it).
const CONTROLS = [['NUL', '\u0000'], ['BEL', '\u0007'], ['ESC', '\u001b'], ['newline', '\n'], ['DEL', '\u007f']] as const;

const FIELDS: [string, string, (bad: string) => Record<string, unknown>][] = [
  ['lead eventName', '/track/lead', (bad) => ({ ...lead(), eventName: `a${bad}b` })],
  ['lead customerId', '/track/lead', (bad) => ({ ...lead(), customerId: `a${bad}b` })],
  ['lead customerName', '/track/lead', (bad) => ({ ...lead(), customerName: `a${bad}b` })],
  ['lead customerEmail', '/track/lead', (bad) => ({ ...lead(), customerEmail: `a${bad}b@example.com` })],
  ['lead metadata value', '/track/lead', (bad) => ({ ...lead(), metadata: { plan: `a${bad}b` } })],
  ['lead metadata nested value', '/track/lead', (bad) => ({ ...lead(), metadata: { plan: { names: ['ok', `a${bad}b`] } } })],
  ['lead metadata key', '/track/lead', (bad) => ({ ...lead(), metadata: { [`a${bad}b`]: 'x' } })],
  ['sale eventName', '/track/sale', (bad) => ({ ...sale(), eventName: `a${bad}b` })],
  ['sale invoiceId', '/track/sale', (bad) => ({ ...sale(), invoiceId: `a${bad}b` })],
  ['sale paymentProcessor', '/track/sale', (bad) => ({ ...sale(), paymentProcessor: `a${bad}b` })],
  ['sale metadata value', '/track/sale', (bad) => ({ ...sale(), metadata: { note: `a${bad}b` } })],
  ['tag name', '/tag', (bad) => ({ workspaceId: ws, tag: `a${bad}b` })],
];

const CASES = FIELDS.flatMap(([field, path, body]) => CONTROLS.map(([name, bad]) => [field, name, path, () => body(bad)] as const));

describe('stored text refuses control characters', () => {
  it.each(CASES)('%s with %s -> 400, nothing stored', async (_field, _name, path, body) => {
    const before = [(await h.count('events')), (await h.count('tags'))];
    const answer = await h.call('POST', path, { token, body: body() });
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(['VALIDATION_FAILED', 'INVALID_TAG']).toContain(errorOf(answer).code);
    expect(errorOf(answer).errorMessage).toMatch(/control characters/);
    expect([(await h.count('events')), (await h.count('tags'))]).toEqual(before);
  });

  it.each([
    ['lead with tabs and newlines only around values (trimmed)', '/track/lead', () => ({ ...lead(), eventName: '\tSign up\n', customerName: ' Ada ' })],
    ['lead with printable Unicode everywhere', '/track/lead', () => ({ ...lead(), customerName: 'Zoë Ñandú 名前', metadata: { 'clé': 'valeur ✓', n: 3, list: ['a', null] } })],
    ['sale with every optional field', '/track/sale', () => ({ ...sale(), invoiceId: 'inv_1', paymentProcessor: 'stripe', customerEmail: 'a@example.com' })],
  ])('%s is accepted', async (_name, path, body) => {
    const answer = await h.call('POST', path, { token, body: body() });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  });
});
