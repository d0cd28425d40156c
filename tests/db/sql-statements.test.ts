/** The statement splitter the migration runner uses: `;` inside strings, bodies and comments does not split. */
import { describe, expect, it } from 'vitest';
import { splitSqlStatements } from '../../local-stack/db/sql-statements.ts';

describe('splitSqlStatements', () => {
  it('splits on top-level semicolons and reports each statement’s first line', () => {
    expect(splitSqlStatements('-- header\n\nselect 1;\nselect 2;\n\n  select 3')).toEqual([
      { sql: 'select 1', line: 3 },
      { sql: 'select 2', line: 4 },
      { sql: 'select 3', line: 6 },
    ]);
  });

  it('keeps dollar-quoted bodies, strings, identifiers and comments whole', () => {
    const sql = [
      `create function f() returns text language plpgsql as $$ begin return 'a;b'; end $$;`,
      `create function g() returns text language sql as $body$ select 'x;' $body$;`,
      `select 'it''s; fine', E'back\\'slash;', "odd;name" from t;`,
      `/* block; /* nested; */ still comment; */ select 4;`,
      `-- a comment; with a semicolon\nselect $1::int;`,
    ].join('\n');
    expect(splitSqlStatements(sql).map((statement) => statement.sql)).toEqual([
      `create function f() returns text language plpgsql as $$ begin return 'a;b'; end $$`,
      `create function g() returns text language sql as $body$ select 'x;' $body$`,
      `select 'it''s; fine', E'back\\'slash;', "odd;name" from t`,
      `select 4`,
      `select $1::int`,
    ]);
  });

  it('ignores trailing comments and empty statements', () => {
    expect(splitSqlStatements('select 1;;\n-- the end\n')).toEqual([{ sql: 'select 1', line: 1 }]);
  });
});
