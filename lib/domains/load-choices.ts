/** The set-up domains a picker offers, asked of the background; a failure is an ErrorView the page words. */
import type { AnswerOf, ErrorView, Send } from '../messaging/send-message';

export type Choices =
  | { status: 'loading' }
  | { status: 'done'; domains: string[]; defaultDomain: string }
  | { status: 'error'; error: ErrorView }
  | { status: 'not-configured' };

export async function loadChoices(send: Send): Promise<Choices> {
  let answer: AnswerOf<'domainChoices'>;
  try {
    answer = await send('domainChoices', {});
  } catch {
    return { status: 'error', error: { kind: 'internal', message: '' } };
  }
  return answer;
}
