/**
 * Supabase Storage, loaded by the image functions when a host first uploads or removes a photo (7.6 KB gzip that
 * no screen needs before it answers). Requests carry the signed-in user's token, as supabase-js's do.
 */
import { StorageClient } from '@supabase/storage-js';
import { authorizedFetch, serviceUrl } from './supabase';

export const storage = new StorageClient(serviceUrl('storage/v1'), {}, authorizedFetch);
