-- Storage for room images (DESIGN.md §3 "Storage"): the public bucket `qr_images`, objects at
-- `{userId}/{fileName}`, 5 MiB at most, JPEG, PNG or WebP only. The Storage service enforces the size and
-- type from this row; these policies decide who may write where. Reading goes through the public route
-- (`/storage/v1/object/public/qr_images/...`), which does not consult RLS, so no select policy for anon.
-- supabase/config.toml declares the same bucket for `supabase start`; this row makes `db push` complete.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('qr_images', 'qr_images', true, 5242880, array['image/jpeg', 'image/png', 'image/webp'])
on conflict (id) do update
set public = excluded.public,
    file_size_limit = excluded.file_size_limit,
    allowed_mime_types = excluded.allowed_mime_types;

-- Signed-in users work inside their own folder only: the first path segment must be their user id.
-- (Upsert needs insert + select + update; remove needs select + delete.)
create policy "objects: authenticated can select own qr_images files"
  on storage.objects for select to authenticated
  using (bucket_id = 'qr_images' and (storage.foldername(name))[1] = (select auth.uid()::text));

create policy "objects: authenticated can insert own qr_images files"
  on storage.objects for insert to authenticated
  with check (bucket_id = 'qr_images' and (storage.foldername(name))[1] = (select auth.uid()::text));

create policy "objects: authenticated can update own qr_images files"
  on storage.objects for update to authenticated
  using (bucket_id = 'qr_images' and (storage.foldername(name))[1] = (select auth.uid()::text))
  with check (bucket_id = 'qr_images' and (storage.foldername(name))[1] = (select auth.uid()::text));

create policy "objects: authenticated can delete own qr_images files"
  on storage.objects for delete to authenticated
  using (bucket_id = 'qr_images' and (storage.foldername(name))[1] = (select auth.uid()::text));
