/** lib/domains/routing-record.ts: the pointing record, as the service words it at connection. */
import { describe, expect, it } from 'vitest';
import { routingRecordFor } from '../../../lib/domains/routing-record';

describe('routingRecordFor', () => {
  it('a subdomain: a CNAME to the service host', () => {
    expect(routingRecordFor('go.acme.example', true, 'shl.ink')).toEqual({ recordType: 'CNAME', hostname: 'go.acme.example', pointsTo: 'shl.ink' });
  });

  it('an apex: an ALIAS to the host, or an A record when the service is addressed by its IPv4', () => {
    expect(routingRecordFor('acme.example', false, 'shl.ink')).toEqual({ recordType: 'ALIAS', hostname: 'acme.example', pointsTo: 'shl.ink' });
    expect(routingRecordFor('acme.example', false, '203.0.113.7')).toEqual({ recordType: 'A', hostname: 'acme.example', pointsTo: '203.0.113.7' });
    expect(routingRecordFor('go.acme.example', true, '203.0.113.7').recordType).toBe('A');
  });
});
