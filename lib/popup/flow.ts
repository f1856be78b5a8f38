/**
 * What the popup does first, decided from its URL, the active tab and the
 * background's state. Pure, so the rules are testable without a browser.
 */
import type { LinkView, PopupState, ShortenAnswer } from '../messaging/send-message';
import { checkDestinationUrl } from '../contract/url';
import type { CheckOutcome } from '../watch/watch-outcome';

export type FirstStep =
  | { kind: 'not-configured' }
  | { kind: 'show-cached'; link: LinkView }
  /** Another profile has a link to the page (none here): offered, nothing made. */
  | { kind: 'elsewhere'; url: string; profile: string; link: LinkView }
  | { kind: 'shorten'; url: string }
  /** The page is itself broken (the destination check on): warned of, nothing made until the user says so. */
  | { kind: 'page-problem'; url: string; problem: CheckOutcome }
  /** The background already shortened the URL (cache or service) with the popupState answer. */
  | { kind: 'answered'; url: string; answer: ShortenAnswer }
  | { kind: 'customise'; url: string }
  /** Show the URL field; `unshortenable` when the tab's address can't be shortened (chrome://, file:, new tab). */
  | { kind: 'ask-url'; url: string; unshortenable: boolean };

export function firstStep(state: PopupState, target: string | undefined): FirstStep {
  if (!state.configured) return { kind: 'not-configured' };
  const verdict = target === undefined ? null : checkDestinationUrl(target);
  if (verdict === null || !verdict.ok) return { kind: 'ask-url', url: '', unshortenable: true };
  if (state.shortened) return { kind: 'answered', url: verdict.url, answer: state.shortened };
  if (state.cached) return { kind: 'show-cached', link: state.cached };
  if (state.elsewhere) return { kind: 'elsewhere', url: verdict.url, profile: state.elsewhere.profile, link: state.elsewhere.link };
  if (state.pageProblem) return { kind: 'page-problem', url: verdict.url, problem: state.pageProblem };
  if (!state.autoShorten) return { kind: 'ask-url', url: verdict.url, unshortenable: false };
  if (state.keywordType === 'CUSTOM') return { kind: 'customise', url: verdict.url };
  return { kind: 'shorten', url: verdict.url };
}

/** Whether the popup should ask the background to shorten right away (it still applies the user's defaults). */
export function shortenable(target: string | undefined): target is string {
  return target !== undefined && checkDestinationUrl(target).ok;
}

/**
 * The page the popup acts on. As the toolbar popup it is the active tab
 * (activeTab reveals its URL on the click). Opened as a tab of its own
 * (`popup.html?url=…`, how the e2e tests and benchmarks drive it) there is no
 * "active tab" but itself, so the `url` parameter names the page. This is not
 * an opening for web pages: popup.html is not web-accessible, so only the
 * extension or the user can open it, and the URL passes the same checks as a
 * typed one.
 */
export function targetFromPage(search: string, openedAsTab: boolean, activeTabUrl: string | undefined): string | undefined {
  if (openedAsTab) return new URLSearchParams(search).get('url') ?? undefined;
  return activeTabUrl;
}
