/**
 * Where supabase-js keeps the signed-in session in localStorage (the client's `storageKey` in supabase.ts; a unit
 * test keeps the two equal). The pages' inline boot script reads it before any JavaScript module has loaded.
 */
export const authStorageKey = 'roomguide-auth';
