import { beforeEach, describe, expect, it, vi } from 'vitest';
import { encodeConnectionCode } from '../../../lib/contract/connection-code';
import type { AnswerOf } from '../../../lib/messaging/send-message';
import { createWelcome, type WelcomeModel } from '../../../lib/options/welcome';
import { fakeSend, type Answers } from '../fixtures/fake-send';
import { useCatalogue } from '../fixtures/catalogue';

// The suggested profile name is worded by the catalogue.
beforeEach(useCatalogue);

const A = { id: 'a', name: 'Work', baseUrl: 'https://links.example.com/api', token: 'tok', workspaceId: 'demo' };

function welcome(answers: Answers, stored: AnswerOf<'profiles'> = { activeId: '', profiles: [] }, granted = true) {
  const fake = fakeSend({ profiles: async () => stored, ...answers });
  const models: WelcomeModel[] = [];
  const requestPermission = vi.fn(async () => granted);
  const w = createWelcome({ send: fake.send, requestPermission, onChange: (m) => models.push(m) });
  return { w, fake, models, requestPermission };
}

describe('first run', () => {
  it('asks for nothing but the address, token and workspace: the profile is named after the workspace and host', async () => {
    const t = welcome({ saveProfile: async () => ({ ok: true, id: 'p1' }) });
    await t.w.start();
    expect(t.w.model()).toMatchObject({ loading: false, done: null });
    t.w.edit({ name: '', baseUrl: ' https://links.example.com/api/ ', token: ' tok ', workspaceId: 'demo' });
    await expect(t.w.connect()).resolves.toBe(true);
    expect(t.requestPermission).toHaveBeenCalledWith('https://links.example.com/*');
    expect(t.fake.sent.find((m) => m.type === 'saveProfile')?.data).toEqual({
      name: 'demo on links.example.com',
      baseUrl: 'https://links.example.com/api',
      token: 'tok',
      workspaceId: 'demo',
      activate: false,
    });
    expect(t.w.model().done).toEqual({ name: 'demo on links.example.com', workspaceId: 'demo', host: 'links.example.com' });
  });

  it('a field the service refuses is marked, and nothing is done', async () => {
    const t = welcome({ saveProfile: async () => ({ ok: false, problems: { token: 'service-refused-token' } }) });
    await t.w.start();
    t.w.edit({ name: '', baseUrl: A.baseUrl, token: 'bad', workspaceId: 'demo' });
    await expect(t.w.connect()).resolves.toBe(false);
    expect(t.w.model()).toMatchObject({ done: null, form: { problems: { token: 'service-refused-token' }, status: { kind: 'check-failed' } } });
  });

  it('empty fields are marked before anything is sent or asked', async () => {
    const t = welcome({});
    await t.w.start();
    await expect(t.w.connect()).resolves.toBe(false);
    expect(t.w.model().form.problems).toEqual({ baseUrl: 'base-url-empty', token: 'token-empty', workspaceId: 'workspace-empty' });
    expect(t.fake.names()).toEqual(['profiles']);
    expect(t.requestPermission).not.toHaveBeenCalled();
  });

  it('says it is connected when a profile already is, without asking the service', async () => {
    const t = welcome({}, { activeId: 'a', profiles: [A] });
    await t.w.start();
    expect(t.w.model().done).toEqual({ name: 'Work', workspaceId: 'demo', host: 'links.example.com' });
    expect(t.fake.names()).toEqual(['profiles']);
  });
});

describe('first run: the connection code', () => {
  const CODE = encodeConnectionCode({ apiBase: 'https://links.example.com/api', token: 'sl_0123456789abcdef', workspaceId: 'demo' });

  it('a pasted code, wrapped over lines, is checked with the service and saved as the three fields would be', async () => {
    const t = welcome({ saveProfile: async () => ({ ok: true, id: 'p1' }) });
    await t.w.start();
    t.w.editCode(`${CODE.slice(0, 30)}\n  ${CODE.slice(30)}\n`);
    await expect(t.w.connectCode()).resolves.toBe(true);
    expect(t.requestPermission).toHaveBeenCalledWith('https://links.example.com/*');
    expect(t.fake.sent.find((m) => m.type === 'saveProfile')?.data).toEqual({
      name: 'demo on links.example.com',
      baseUrl: 'https://links.example.com/api',
      token: 'sl_0123456789abcdef',
      workspaceId: 'demo',
      activate: false,
    });
    expect(t.w.model()).toMatchObject({ codeProblem: null, done: { name: 'demo on links.example.com', host: 'links.example.com' } });
  });

  it.each([
    ['a code cut short', CODE.slice(0, -5), 'damaged'],
    ["another product's key", 'sk_live_51H8x2eZvKYlo2C0aBcDeFgHiJ', 'not-a-code'],
    ['an ftp address', encodeConnectionCode({ apiBase: 'ftp://links.example.com/api', token: 'sl_0123456789abcdef', workspaceId: 'demo' }), 'bad-address'],
    ['nothing', '  ', 'empty'],
  ] as const)('%s is refused beside the field before anything is asked or sent', async (_what, code, problem) => {
    const t = welcome({});
    await t.w.start();
    t.w.editCode(code);
    await expect(t.w.connectCode()).resolves.toBe(false);
    expect(t.w.model()).toMatchObject({ path: 'code', codeProblem: { kind: 'code', problem }, checks: { code: 1, fields: 0 }, done: null });
    expect(t.requestPermission).not.toHaveBeenCalled();
    expect(t.fake.names()).toEqual(['profiles']);
  });

  it("a token the service refuses is the code's problem, and nothing is saved", async () => {
    const t = welcome({ saveProfile: async () => ({ ok: false, problems: { token: 'service-refused-token' } }) });
    await t.w.start();
    t.w.editCode(CODE);
    await expect(t.w.connectCode()).resolves.toBe(false);
    expect(t.w.model()).toMatchObject({
      done: null,
      path: 'code',
      codeProblem: { kind: 'service', problem: 'service-refused-token', address: 'https://links.example.com/api' },
      form: { status: { kind: 'check-failed' } },
    });
  });

  it('access to the address refused by the browser marks no field: the status line says it', async () => {
    const t = welcome({}, undefined, false);
    await t.w.start();
    t.w.editCode(CODE);
    await expect(t.w.connectCode()).resolves.toBe(false);
    expect(t.w.model()).toMatchObject({ codeProblem: null, form: { status: { kind: 'not-allowed', origin: 'https://links.example.com' } } });
    expect(t.fake.names()).toEqual(['profiles']);
  });

  it('a later Connect of the three fields speaks in their place, and a good code clears the earlier problem', async () => {
    let accept = false;
    const t = welcome({ saveProfile: async () => (accept ? { ok: true, id: 'p1' } : { ok: false, problems: { workspaceId: 'service-workspace-not-granted' } }) });
    await t.w.start();
    await t.w.connect();
    expect(t.w.model()).toMatchObject({ path: 'fields', checks: { code: 0, fields: 1 } });
    t.w.editCode('nonsense');
    await t.w.connectCode();
    expect(t.w.model()).toMatchObject({ path: 'code', codeProblem: { kind: 'code', problem: 'not-a-code' } });
    accept = true;
    t.w.editCode(CODE);
    await expect(t.w.connectCode()).resolves.toBe(true);
    expect(t.w.model().codeProblem).toBeNull();
  });
});
