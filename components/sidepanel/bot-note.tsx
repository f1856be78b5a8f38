import { botVisitsText } from '../../lib/analytics-view/analytics-text';

/**
 * What the link's total leaves out: "12 visits by link previews and bots not
 * counted", when the service counted some (lib/analytics-view/bot-clicks.ts);
 * nothing otherwise. Under the overview's figures, and in the no-clicks state
 * (a link only chat previews have fetched yet).
 */
export function BotNote({ count }: { count: number | null }) {
  return count === null ? null : (
    <p class="muted">
      {botVisitsText(count)}
    </p>
  );
}
