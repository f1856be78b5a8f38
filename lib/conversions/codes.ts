/**
 * The extension's own codes for a lead or sale refused before sending, worded
 * in lib/i18n/describe-error.ts. Their own file: describe-error is in the popup's
 * bundle, which must not pull in lib/conversions/record.ts and its schemas.
 */
export const NOT_CONFIGURED = 'NOT_CONFIGURED';
export const INVALID_CONVERSION = 'INVALID_CONVERSION';
