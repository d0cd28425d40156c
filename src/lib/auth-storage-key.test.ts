import { supabase } from './supabase';
import { authStorageKey } from './auth-storage-key';

it('is where the supabase client keeps the session (the boot script reads it before the client loads)', () => {
  expect((supabase.auth as unknown as { storageKey: string }).storageKey).toBe(authStorageKey);
});
