/**
 * supabase/schema.sql is the current schema, readable once: it must be exactly what `npm run db:schema` writes from
 * the current migrations. Fails with the fix in the message.
 */
import fs from 'node:fs/promises';
import { expect, inject, it } from 'vitest';
import { generateSchemaFile, schemaFile } from '../../local-stack/gen-schema.ts';

it('supabase/schema.sql matches the migrations (run `npm run db:schema` and commit it if this fails)', async () => {
  const generated = await generateSchemaFile(inject('dbUrl'));
  const committed = await fs.readFile(schemaFile, 'utf8');
  expect(committed === generated, 'supabase/schema.sql is out of date: run npm run db:schema and commit it').toBe(true);
  // What the file is for: the one current definition of functions that several migrations redefined.
  expect(committed.match(/^CREATE OR REPLACE FUNCTION public\.record_scan\(/gm)).toHaveLength(1);
  expect(committed.match(/^CREATE OR REPLACE FUNCTION public\.get_guide\(/gm)).toHaveLength(1);
});
