/** Custom domains (lib/background/links/domains.ts): the options page's list and forms, and the popup's and defaults' pickers. */
import * as v from 'valibot';
import type { ConnectProblem } from '../../domains/connect-rules';
import { REFUSED } from './answers';
import { Cursor, Empty, keysOf, Text } from './fields';
import { DomainIdSchema, IdempotencyKeySchema } from './ids';

const DnsRecordViewSchema = v.object({ recordType: v.string(), hostname: v.string(), pointsTo: v.string() });

export const DomainViewSchema = v.object({
  id: v.string(),
  /** As the service stores it: lower-case ASCII (punycode); pages show it with toUnicodeHost. */
  domain: v.string(),
  isSubDomain: v.boolean(),
  setUp: v.boolean(),
  dnsConfigured: v.boolean(),
  sslConfigured: v.boolean(),
  pingVerified: v.boolean(),
  nameservers: v.array(v.string()),
  /** '' when the service does not know them. */
  registrarName: v.string(),
  registrarWebsite: v.string(),
  httpToHttps: v.boolean(),
  /** The record the listing carries: the ownership proof (TXT `_shortlink-challenge.<domain>`). */
  record: DnsRecordViewSchema,
  createdDate: v.string(),
});

const DomainListAnswerSchema = v.variant('status', [
  v.object({
    status: v.literal('done'),
    domains: v.array(DomainViewSchema),
    totalCount: v.number(),
    /** 1-based, as the service's pageInfo. */
    pageNumber: v.number(),
    totalPages: v.number(),
    nextCursor: v.nullable(v.number()),
    /** The service's own host: a domain that cannot be connected. */
    serviceHost: v.string(),
  }),
  ...REFUSED,
]);

const DomainChoicesAnswerSchema = v.variant('status', [
  /** `domains`: the set-up ones (ASCII); `defaultDomain`: the options' default, '' for the service's own. */
  v.object({ status: v.literal('done'), domains: v.array(v.string()), defaultDomain: v.string() }),
  ...REFUSED,
]);

const ConnectProblemSchema = v.picklist(
  keysOf<ConnectProblem>({
    empty: true,
    scheme: true,
    spaces: true,
    path: true,
    port: true,
    characters: true,
    invalid: true,
    'too-long': true,
    'one-label': true,
    'label-too-long': true,
    'label-invalid': true,
    'ip-address': true,
    'own-domain': true,
    'already-connected': true,
  }),
);

const ConnectDomainAnswerSchema = v.variant('status', [
  /** `records`: what to publish, the ownership proof first. */
  v.object({ status: v.literal('done'), id: v.string(), domain: v.string(), records: v.array(DnsRecordViewSchema) }),
  /** Refused before sending (or the service said the name is taken): shown next to the field. */
  v.object({ status: v.literal('invalid'), problem: v.union([ConnectProblemSchema, v.literal('taken')]) }),
  ...REFUSED,
]);

const DomainCheckAnswerSchema = v.variant('status', [
  v.object({ status: v.literal('done'), domain: DomainViewSchema }),
  /** The workspace no longer has it (deleted elsewhere). */
  v.object({ status: v.literal('gone') }),
  ...REFUSED,
]);

const DomainChangeAnswerSchema = v.variant('status', [v.object({ status: v.literal('done') }), ...REFUSED]);

export const DOMAIN_MESSAGES = {
  domainList: { request: v.strictObject({ cursor: Cursor }), answer: DomainListAnswerSchema },
  domainChoices: { request: Empty, answer: DomainChoicesAnswerSchema },
  connectDomain: {
    request: v.strictObject({ domain: Text(1000), idempotencyKey: IdempotencyKeySchema }),
    answer: ConnectDomainAnswerSchema,
  },
  domainCheck: { request: v.strictObject({ id: DomainIdSchema }), answer: DomainCheckAnswerSchema },
  domainHttps: { request: v.strictObject({ id: DomainIdSchema, httpToHttps: v.boolean() }), answer: DomainChangeAnswerSchema },
  domainDelete: { request: v.strictObject({ id: DomainIdSchema }), answer: DomainChangeAnswerSchema },
};
