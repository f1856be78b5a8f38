import * as v from 'valibot';
import { IdSchema, envelope, listData, listQuery } from './common';

export const DnsRecordSchema = v.object({
  pointsTo: v.string(),
  recordType: v.string(),
  hostname: v.string(),
});
export type DnsRecord = v.InferOutput<typeof DnsRecordSchema>;

export const CustomDomainSchema = v.object({
  _id: v.string(),
  workspaceId: v.string(),
  domain: v.string(),
  isSubDomain: v.boolean(),
  domainSetupped: v.boolean(),
  dnsConfigured: v.boolean(),
  sslConfigured: v.boolean(),
  pingVerified: v.boolean(),
  nameservers: v.array(v.string()),
  registrarName: v.string(),
  registrarWebsite: v.string(),
  deleteDomain: v.boolean(),
  domainConfig: v.object({ httpToHttps: v.boolean() }),
  createdDate: v.string(),
  configDetails: v.object({ mandatory: DnsRecordSchema }),
});
export type CustomDomain = v.InferOutput<typeof CustomDomainSchema>;

/** Names longer than 253 characters are not domain names; the finer rules live in the service. */
export const CreateDomainBodySchema = v.object({
  workspaceId: IdSchema,
  domain: v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty'), v.maxLength(253, 'must be at most 253 characters')),
});
export type CreateDomainBody = v.InferInput<typeof CreateDomainBodySchema>;

/** The create answer names the new domain's id `linkId`, as docs/interface.md does. */
export const CreateDomainDataSchema = v.object({
  linkId: v.string(),
  mandatory: DnsRecordSchema,
  optional: DnsRecordSchema,
});
export type CreateDomainData = v.InferOutput<typeof CreateDomainDataSchema>;

export const UpdateDomainBodySchema = v.pipe(
  v.object({
    workspaceId: IdSchema,
    customDomainId: IdSchema,
    httpToHttps: v.optional(v.boolean()),
    deleteDomain: v.optional(v.boolean()),
  }),
  v.forward(
    v.check((body) => body.httpToHttps !== undefined || body.deleteDomain !== undefined, 'is required unless deleteDomain is given'),
    ['httpToHttps'],
  ),
);
export type UpdateDomainBody = v.InferInput<typeof UpdateDomainBodySchema>;

export const DOMAIN_ORDER_BY = ['createdDate', 'domain'] as const;
export const DomainListQuerySchema = listQuery(DOMAIN_ORDER_BY);
export type DomainListQuery = v.InferOutput<typeof DomainListQuerySchema>;

export const DomainListResponseSchema = envelope(listData(CustomDomainSchema));
export const CreateDomainResponseSchema = envelope(CreateDomainDataSchema);
export const UpdateDomainResponseSchema = envelope(v.string());
