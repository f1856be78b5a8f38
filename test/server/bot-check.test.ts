/**
 * The bot check (server/clicks/bot-check.ts): the main link-preview bots and
 * crawlers are bots, current browsers are people, by the isbot list; odd
 * User-Agents (empty, 10 KB) are people unless isbot says otherwise, and the
 * cache stays within its bound.
 */
import { describe, expect, it } from 'vitest';
import { BOT_CHECK_MAX_LENGTH, createBotCheck } from '../../server/clicks/bot-check';
import { BOT_AGENTS, PERSON_AGENTS } from './user-agents';

describe('bot check', () => {
  const isBot = createBotCheck();

  it.each(Object.entries(BOT_AGENTS))('%s is a bot', (_name, userAgent) => {
    expect(isBot(userAgent)).toBe(true);
  });

  it.each(Object.entries(PERSON_AGENTS))('%s is a person', (_name, userAgent) => {
    expect(isBot(userAgent)).toBe(false);
  });

  it('an empty or missing User-Agent is a person', () => {
    expect(isBot('')).toBe(false);
  });

  it('a browser User-Agent of 10 KB is a person, a bot one of 10 KB a bot', () => {
    expect(isBot(`${PERSON_AGENTS.chromeWindows} ${'x'.repeat(10_240)}`)).toBe(false);
    expect(isBot(`${BOT_AGENTS.facebook} ${'x'.repeat(10_240)}`)).toBe(true);
  });

  it(`judges the first ${BOT_CHECK_MAX_LENGTH} characters, as the labels are read`, () => {
    const padded = `${PERSON_AGENTS.firefoxLinux} ${'x'.repeat(BOT_CHECK_MAX_LENGTH)}`;
    expect(isBot(`${padded} Googlebot/2.1`)).toBe(false);
    expect(isBot(`${PERSON_AGENTS.firefoxLinux} Googlebot/2.1 ${'x'.repeat(BOT_CHECK_MAX_LENGTH)}`)).toBe(true);
  });

  it('asks isbot once per User-Agent while it is cached, and keeps at most its bound', () => {
    const asked: string[] = [];
    const check = createBotCheck(2, (ua) => {
      asked.push(ua);
      return ua.startsWith('bot');
    });
    expect([check('bot-a'), check('person-b'), check('bot-a'), check('person-b')]).toEqual([true, false, true, false]);
    expect(asked).toEqual(['bot-a', 'person-b']);
    // A third string drops the oldest, which is asked again when it comes back.
    expect([check('bot-c'), check('person-b'), check('bot-a')]).toEqual([true, false, true]);
    expect(asked).toEqual(['bot-a', 'person-b', 'bot-c', 'bot-a']);
  });

  it('caches a long User-Agent by its judged part', () => {
    const asked: string[] = [];
    const check = createBotCheck(10, (ua) => {
      asked.push(ua);
      return false;
    });
    const head = 'y'.repeat(BOT_CHECK_MAX_LENGTH);
    check(`${head}one`);
    check(`${head}two`);
    expect(asked).toEqual([head]);
  });
});
