/**
 * The options page's test box (issue 25): "type a URL, see what would
 * apply". The answer comes from the one function the background makes links
 * with (lib/site-rules/link-plan.ts), with the profile's templates and rules
 * and the user's cleaning setting, so what the box says is what happens.
 */
import { checkDestinationUrl, type UrlProblem } from '../contract/url';
import { planLink, type LinkPlan } from '../site-rules/link-plan';
import type { LinkSetup } from '../site-rules/link-setup';

export type RuleTestAnswer =
  /** Nothing typed yet. */
  | { kind: 'empty' }
  | { kind: 'invalid'; problem: UrlProblem }
  | { kind: 'plan'; plan: LinkPlan };

export function ruleTestAnswer(typed: string, setup: LinkSetup, cleanLinks: boolean): RuleTestAnswer {
  if (typed.trim() === '') return { kind: 'empty' };
  const verdict = checkDestinationUrl(typed);
  if (!verdict.ok) return { kind: 'invalid', problem: verdict.problem };
  return { kind: 'plan', plan: planLink(verdict.url, setup, { cleanLinks }) };
}
