/**
 * `npm run db:schema`: regenerates supabase/schema.sql, the current schema readable once (./db/schema-file.ts), from a
 * throw-away database with the migrations. `--check` writes nothing and exits 1 when the committed file differs
 * (tests/db/schema-drift.test.ts does the same inside `npm test`).
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { projectRoot } from './config.ts';
import { writeGeneratedFile } from './db/generated-file.ts';
import { describeSchema } from './db/schema-file.ts';

export const schemaFile = path.join(projectRoot, 'supabase', 'schema.sql');

/** The schema file's text for the database at `databaseUrl`. */
export async function generateSchemaFile(databaseUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await describeSchema(client);
  } finally {
    await client.end();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  writeGeneratedFile(schemaFile, 'npm run db:schema', generateSchemaFile).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  });
}
