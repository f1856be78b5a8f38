/**
 * Released migrations are never edited (server/db/released-migrations.ts):
 * every migration file of both databases is listed there with the sha256 of
 * its text, and a listed one that changes or goes is found, here and by the
 * service before it migrates (the built service's refusal to start is in
 * artefact.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { migrationHash, migrationNames, migrationSql, releasedMigrationProblems } from '../../server/db/migration-files';
import { RELEASED_MIGRATIONS } from '../../server/db/released-migrations';

describe.each(['sqlite', 'postgres'] as const)('released migrations (%s)', (dialect) => {
  const files = new Map(migrationNames(dialect).map((name) => [name, migrationSql(dialect, name)]));

  it('lists every migration with the sha256 of its text as released', () => {
    const listed = Object.keys(RELEASED_MIGRATIONS[dialect]).sort();
    // A new migration is released by adding its line; an edited one must be put back as it was.
    const actual = Object.fromEntries([...files].map(([name, text]) => [name, migrationHash(text)]));
    expect(actual).toEqual(RELEASED_MIGRATIONS[dialect]);
    expect(listed).toEqual([...files.keys()]);
    expect(releasedMigrationProblems(dialect, files)).toEqual([]);
  });

  it('names an edited or missing released migration, and lets a migration not yet released pass', () => {
    const [first, second] = [...files.keys()] as [string, string];
    const edited = new Map(files);
    edited.set(first, `${files.get(first)}\n-- one more line`);
    edited.delete(second);
    edited.set('999-not-yet-released.sql', 'SELECT 1;');
    const problems = releasedMigrationProblems(dialect, edited);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(new RegExp(`^migrations-${dialect}/${first} differs from the released one \\(sha256 [0-9a-f]{64}, released ${RELEASED_MIGRATIONS[dialect][first]}\\)$`));
    expect(problems[1]).toBe(`migrations-${dialect}/${second} is missing`);
  });

  it('reads CRLF line ends as LF, so a checkout that converts them changes no hash', () => {
    const crlf = new Map([...files].map(([name, text]) => [name, text.replaceAll('\n', '\r\n')]));
    expect(releasedMigrationProblems(dialect, crlf)).toEqual([]);
  });
});
