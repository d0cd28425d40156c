/**
 * src/types/database.ts is the frontend's contract with the database: it must be exactly what
 * `npm run db:types` generates from the current migrations. Fails with the fix in the message.
 */
import fs from 'node:fs/promises';
import { expect, inject, it } from 'vitest';
import { generateDatabaseTypes, typesFile } from '../../local-stack/gen-types.ts';

it('src/types/database.ts matches the migrations (run `npm run db:types` and commit it if this fails)', async () => {
  const generated = await generateDatabaseTypes(inject('dbUrl'));
  const committed = await fs.readFile(typesFile, 'utf8');
  expect(committed === generated, 'src/types/database.ts is out of date: run npm run db:types and commit it').toBe(true);
});
