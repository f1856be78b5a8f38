import { useMemo } from 'preact/hooks';
import { t } from '../../lib/i18n/catalogue';
import { formatCount } from '../../lib/i18n/format';
import { ruleSetsText } from '../../lib/options/link-setup-text';
import { urlProblemText } from '../../lib/i18n/url-problem-text';
import { ruleTestAnswer } from '../../lib/options/rule-test';
import type { LinkPlan } from '../../lib/site-rules/link-plan';
import type { LinkSetup } from '../../lib/site-rules/link-setup';
import { Card } from '../shared/card';
import { TextField } from '../shared/text-field';

interface Props {
  value: string;
  setup: LinkSetup;
  /** The user's cleaning setting, which a rule may override. */
  cleanLinks: boolean;
  serviceHost: string;
  onType: (url: string) => void;
}

function removedText(plan: LinkPlan): string {
  if (plan.cleanFailed) return t('ruleTestCleanFailed');
  if (plan.cleaned === undefined) return t('ruleTestRemovedNone');
  const parts = [...plan.cleaned.removed];
  if (plan.cleaned.unwrappedFrom !== null) parts.unshift(t('ruleTestUnwrapped', plan.cleaned.unwrappedFrom));
  return parts.join(', ');
}

/** "Type a URL, see what would apply": the URL that would be shortened, what cleaning removes, and the rule that applies with what it sets. */
export function RuleTestBox({ value, setup, cleanLinks, serviceHost, onType }: Props) {
  const answer = useMemo(() => ruleTestAnswer(value, setup, cleanLinks), [value, setup, cleanLinks]);
  const plan = answer.kind === 'plan' ? answer.plan : null;
  const removedOff = plan !== null && plan.cleaned === undefined && !plan.cleanFailed && (plan.rule?.clean ?? cleanLinks) === false;
  return (
    <Card class="form-card rule-test">
      <h3 id="rule-test-heading">{t('ruleTestHeading')}</h3>
      <TextField
        id="rule-test-url"
        type="url"
        label={t('ruleTestLabel')}
        value={value}
        autoComplete="off"
        spellcheck={false}
        hint={t('ruleTestHint')}
        error={answer.kind === 'invalid' ? urlProblemText(answer.problem) : null}
        onInput={(e) => onType(e.currentTarget.value)}
      />
      <div id="rule-test-answer" role="status" aria-live="polite">
        {plan !== null && (
          <dl class="rule-test-answer">
            <dt>{t('ruleTestUrl')}</dt>
            <dd>
              <code>{plan.longUrl}</code>
            </dd>
            <dt>{t('ruleTestRemoved')}</dt>
            <dd>{removedOff ? t('ruleTestCleanOff') : removedText(plan)}</dd>
            <dt>{t('ruleTestRule')}</dt>
            <dd>{plan.rule === undefined ? t('ruleTestNoRule') : t('ruleTitle', formatCount(plan.rule.index + 1), plan.rule.pattern)}</dd>
            {plan.rule !== undefined && (
              <>
                <dt>{t('ruleTestSets')}</dt>
                <dd>{ruleSetsText({ ...plan.rule, ...(plan.template === undefined ? {} : { template: plan.template }) }, serviceHost).join(' · ') || t('ruleSetsNothing')}</dd>
              </>
            )}
          </dl>
        )}
      </div>
    </Card>
  );
}
