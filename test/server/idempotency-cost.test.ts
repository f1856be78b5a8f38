/**
 * What a kept idempotent answer costs on disk (docs/service.md, "Idempotency"):
 * links made through the API with a key each, then the pages of the
 * idempotency table and its index counted on the database itself (SQLite's
 * dbstat, PostgreSQL's relation sizes). Keeping answers a week instead of a
 * day multiplies this by the links made in the extra days, so the figure the
 * doc gives must stay true.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './harness';
import { ON_POSTGRES } from './test-database';

/** The bound docs/service.md states, per engine, in bytes per kept answer. */
const DOCUMENTED_BYTES = ON_POSTGRES ? 700 : 600;
const LINKS = 400;

let h: Harness;
let token: string;
beforeAll(async () => {
  h = await startHarness({ trustDomains: true });
  token = await h.token('cost-ws');
});
afterAll(() => h.close());

async function idempotencyBytes(): Promise<number> {
  const db = h.server.ctx.db;
  const row = db.dialect === 'sqlite'
    ? await db.get<{ n: number }>("SELECT sum(pgsize) AS n FROM dbstat WHERE name IN ('idempotency', 'idempotency_by_age')")
    : await db.get<{ n: number }>("SELECT pg_total_relation_size('idempotency') AS n");
  return Number(row?.n ?? 0);
}

describe(`a kept idempotent answer's cost (${ON_POSTGRES ? 'postgres' : 'sqlite'})`, () => {
  it(`is at most ${DOCUMENTED_BYTES} bytes a link, table and index together`, async () => {
    if (ON_POSTGRES) await h.server.ctx.db.exec('VACUUM idempotency');
    const before = await idempotencyBytes();
    for (let i = 0; i < LINKS; i += 1) {
      // A typical page address: about 70 characters, with a path and a query.
      const longUrl = `https://news.example.com/2026/11/29/a-story-about-links-${i}?utm_source=feed&ref=${i % 97}`;
      const answer = await h.call('POST', '/link', {
        token, body: { workspaceId: 'cost-ws', keywordType: 'HASH', longUrl }, headers: { 'Idempotency-Key': randomUUID() },
      });
      expect(answer.status).toBe(200);
    }
    if (ON_POSTGRES) await h.server.ctx.db.exec('VACUUM idempotency');
    expect(await h.count('idempotency')).toBe(LINKS);
    const perLink = (await idempotencyBytes() - before) / LINKS;
    console.log(`idempotency: ${perLink.toFixed(0)} bytes per kept answer`);
    expect(perLink).toBeGreaterThan(100);
    expect(perLink).toBeLessThanOrEqual(DOCUMENTED_BYTES);
  }, 120_000);
});
