import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  CreateLinkBodySchema,
  LinkListQuerySchema,
  TrackSaleBodySchema,
  UpdateLinkBodySchema,
  describeIssues,
} from '../../../lib/contract/schemas';

function messageOf(schema: v.GenericSchema, input: unknown): string {
  const result = v.safeParse(schema, input);
  if (result.success) throw new Error('expected a failure');
  return describeIssues(result.issues).message;
}

describe('request schemas name the failing field', () => {
  it.each([
    [CreateLinkBodySchema, {}, 'workspaceId is required'],
    [CreateLinkBodySchema, { workspaceId: 5 }, 'workspaceId must be a string, not 5'],
    [CreateLinkBodySchema, { workspaceId: 'w', keywordType: 'SLUG', longUrl: 'x' }, 'keywordType must be "HASH" or "CUSTOM"'],
    [CreateLinkBodySchema, { workspaceId: 'w', keywordType: 'CUSTOM', longUrl: 'https://a.b' }, 'keyword is required when keywordType is CUSTOM'],
    [CreateLinkBodySchema, null, 'The request body must be an object'],
    [CreateLinkBodySchema, { workspaceId: 'a b', keywordType: 'HASH', longUrl: 'x' }, 'workspaceId may contain only'],
    [LinkListQuerySchema, { workspaceId: 'w', pageSize: '101' }, 'pageSize must be at most 100'],
    [LinkListQuerySchema, { workspaceId: 'w', pageSize: '0' }, 'pageSize must be at least 1'],
    [LinkListQuerySchema, { workspaceId: 'w', cursor: '-1' }, 'cursor must be a whole number'],
    [LinkListQuerySchema, { workspaceId: 'w', orderBy: 'password' }, 'orderBy must be one of'],
    [UpdateLinkBodySchema, { workspaceId: 'w', linkId: 'l' }, 'tags is required unless deleteLink is given'],
    [UpdateLinkBodySchema, { workspaceId: 'w', linkId: 'l', tags: ['ok', '  '] }, 'tags.1 must not be empty'],
    [TrackSaleBodySchema, { workspaceId: 'w', linkId: 'l', eventName: 'e', customerId: 'c', amount: 9.99, currency: 'USD' }, 'amount must be a whole number'],
    [TrackSaleBodySchema, { workspaceId: 'w', linkId: 'l', eventName: 'e', customerId: 'c', amount: 1, currency: 'XXQ' }, 'currency must be an ISO 4217'],
  ])('%#: %j', (schema, input, expected) => {
    expect(messageOf(schema, input)).toContain(expected);
  });

  it('applies the list defaults of docs/interface.md', () => {
    expect(v.parse(LinkListQuerySchema, { workspaceId: 'w' })).toEqual({
      workspaceId: 'w', pageSize: 10, cursor: 0, orderType: 'desc', orderBy: 'createdDate',
    });
  });
});
