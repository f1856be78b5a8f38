/**
 * The extension's own codes for a request refused before it is sent (a lead
 * or sale with no connection or with bad values), beside the service's codes
 * and worded in lib/i18n/describe-error.ts. Here, below the features, so the
 * describer imports no feature; their own file, so the popup's bundle does
 * not pull in lib/conversions/record.ts and its schemas.
 */
export const NOT_CONFIGURED = 'NOT_CONFIGURED';
export const INVALID_CONVERSION = 'INVALID_CONVERSION';
