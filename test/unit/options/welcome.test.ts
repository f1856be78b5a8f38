import { beforeEach, describe, expect, it, vi } from 'vitest';
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
