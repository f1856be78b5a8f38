/** The lead and sale forms' words: a field's problem, and how to write an amount, from the catalogue. */
import type { FieldProblem } from './fields';
import { formatCount } from '../i18n/format';
import { t } from '../i18n/catalogue';
import { formatAmount } from './money-amount';
import { minorDigits } from './money-currency';

interface AmountContext {
  locale: string;
  currency: string;
}

/** An amount as the user would write it in this currency, e.g. "1,234.56" (USD), "123,456" (JPY), "123.456" (BHD). */
function example(ctx: AmountContext): string {
  return formatAmount(123456, ctx);
}

/** How to write the amount, under its field; null while no known currency is chosen. */
export function amountHint(ctx: AmountContext): string | null {
  let digits: number;
  try {
    digits = minorDigits(ctx.currency, ctx.locale);
  } catch {
    return null;
  }
  return digits === 0 ? t('fieldAmountHintWhole', example(ctx)) : t('fieldAmountHint', example(ctx), formatCount(digits));
}

export function fieldProblemText(problem: FieldProblem, ctx: AmountContext): string {
  switch (problem.code) {
    case 'required':
      return t('problemRequired');
    case 'too-long':
      return t('problemTooLong', formatCount(problem.max));
    case 'control':
      return t('problemControl');
    case 'email':
      return t('problemEmail');
    case 'currency':
      return t('problemCurrency');
    case 'amount-empty':
      return t('problemAmountEmpty');
    case 'amount-format':
      return t('problemAmountFormat', example(ctx));
    case 'amount-negative':
      return t('problemAmountNegative');
    case 'amount-too-many-digits': {
      const digits = minorDigits(ctx.currency, ctx.locale);
      return digits === 0 ? t('problemAmountWhole', ctx.currency) : t('problemAmountTooManyDigits', ctx.currency, formatCount(digits));
    }
    case 'amount-too-large':
      return t('problemAmountTooLarge');
  }
}
