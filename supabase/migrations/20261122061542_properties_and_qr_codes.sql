-- Properties and their QR codes (DESIGN.md §3), with the quota the database enforces.
--
-- Owners create, read, change and delete their own properties and codes. Scan counters, user_id and the
-- timestamps of a code are not writable through the API (column grants), a code's property must be the same
-- owner's (RLS check + composite foreign key), deleting a property deletes its codes, and bad input is
-- refused with a readable message (SQLSTATE 23514; the `details` field names the offending field, e.g.
-- "hotel.website").
--
-- Quota: inserting a code fails once users.qr_codes_created reaches users.qr_code_limit with
--   message 'You have reached your QR code limit.'  and  SQLSTATE 'QUOTA'
-- (PostgREST answers HTTP 400 with {"code":"QUOTA", ...}; the frontend recognises error.code === 'QUOTA').

-- ---------------------------------------------------------------------------------------------------------
-- enums (the generated TypeScript types turn them into unions)

create type public.property_type as enum ('hotel', 'other');
comment on type public.property_type is 'Kind of property: a hotel, or any other place with rooms.';

create type public.qr_template as enum ('custom', 'luxury', 'beach', 'cabin');
comment on type public.qr_template is 'Guide and QR colour template: luxury gold on black, beach blue on cornsilk, cabin green on brown, custom (own colours, default black on white).';

-- ---------------------------------------------------------------------------------------------------------
-- properties

create table public.properties (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references public.users (id) on delete cascade,
  name text not null check (char_length(name) between 1 and 120),
  type public.property_type not null default 'hotel',
  address text check (char_length(address) between 1 and 300),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- Target of qr_codes' (property_id, user_id) foreign key: a code can only point at its owner's property.
  constraint properties_id_user_id_key unique (id, user_id)
);

comment on table public.properties is 'A hotel or other property of a host. Owner CRUD only; deleting it deletes its QR codes.';
comment on column public.properties.user_id is 'Owner; defaults to the caller (auth.uid()) and cannot be set through the API.';
comment on column public.properties.address is 'Optional; an empty address is stored as null.';

create index properties_user_id_idx on public.properties (user_id);

alter table public.properties enable row level security;

create policy "properties: authenticated can select own properties"
  on public.properties for select to authenticated
  using ((select auth.uid()) = user_id);

create policy "properties: authenticated can insert own properties"
  on public.properties for insert to authenticated
  with check ((select auth.uid()) = user_id);

create policy "properties: authenticated can update own properties"
  on public.properties for update to authenticated
  using ((select auth.uid()) = user_id)
  with check ((select auth.uid()) = user_id);

create policy "properties: authenticated can delete own properties"
  on public.properties for delete to authenticated
  using ((select auth.uid()) = user_id);

-- id is insertable so a client may generate it; user_id and the timestamps are set by the database.
grant select, delete on public.properties to authenticated;
grant insert (id, name, type, address) on public.properties to authenticated;
grant update (name, type, address) on public.properties to authenticated;
grant select, insert, update, delete on public.properties to service_role;

-- Trims the text fields and turns bad input into one readable message before the table checks see it.
create function public.validate_property()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.name := btrim(coalesce(new.name, ''));
  new.address := nullif(btrim(coalesce(new.address, '')), '');
  if new.name = '' then
    raise exception 'Property name is required.' using errcode = 'check_violation', detail = 'name';
  end if;
  if char_length(new.name) > 120 then
    raise exception 'Property name can be at most 120 characters.' using errcode = 'check_violation', detail = 'name';
  end if;
  if new.type is null then
    raise exception 'Property type must be hotel or other.' using errcode = 'check_violation', detail = 'type';
  end if;
  if char_length(new.address) > 300 then
    raise exception 'Address can be at most 300 characters.' using errcode = 'check_violation', detail = 'address';
  end if;
  return new;
end;
$$;

comment on function public.validate_property() is 'Trigger: trims and validates a property row with readable messages.';

revoke execute on function public.validate_property() from public, anon, authenticated;

create trigger validate_property before insert or update on public.properties
  for each row execute function public.validate_property();

create trigger set_updated_at before update on public.properties
  for each row execute function public.set_updated_at();

-- ---------------------------------------------------------------------------------------------------------
-- qr_codes

create table public.qr_codes (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references public.users (id) on delete cascade,
  property_id uuid not null,
  name text not null check (char_length(name) between 1 and 120),
  room_number text not null check (char_length(room_number) between 1 and 20),
  hotel jsonb not null default '{}'::jsonb check (jsonb_typeof(hotel) = 'object'),
  area jsonb not null default '{}'::jsonb check (jsonb_typeof(area) = 'object'),
  style jsonb not null default '{}'::jsonb check (jsonb_typeof(style) = 'object'),
  content jsonb not null default '{}'::jsonb check (jsonb_typeof(content) = 'object'),
  images text[] not null default '{}',
  template public.qr_template not null default 'custom',
  scan_count integer not null default 0 check (scan_count >= 0),
  scan_history jsonb not null default '{}'::jsonb check (jsonb_typeof(scan_history) = 'object'),
  last_scanned_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint qr_codes_property_same_owner_fkey foreign key (property_id, user_id)
    references public.properties (id, user_id) on delete cascade
);

comment on table public.qr_codes is 'One QR code per room: the guide content guests see through get_guide(), plus scan statistics. Owner CRUD on the content columns only.';
comment on column public.qr_codes.id is 'May be generated by the client before saving, so the create form can preview the real guide QR.';
comment on column public.qr_codes.user_id is 'Owner; defaults to the caller (auth.uid()) and cannot be set through the API.';
comment on column public.qr_codes.property_id is 'The owner''s property this room belongs to.';
comment on column public.qr_codes.hotel is '{name, phone, website, description}: strings, website an http(s) URL.';
comment on column public.qr_codes.area is '{location, activities: string[], businessLink}: businessLink an http(s) URL.';
comment on column public.qr_codes.style is '{primaryColor, backgroundColor: #rrggbb, logoUrl, roomPhotoUrl: http(s) URLs}.';
comment on column public.qr_codes.content is '{wifi: {network, password}}.';
comment on column public.qr_codes.images is 'Public URLs of uploaded room images (http(s)), at most 10.';
comment on column public.qr_codes.scan_count is 'Guide opens, counted by record_scan(); not writable through the API.';
comment on column public.qr_codes.scan_history is 'Scans per UTC day: {"YYYY-MM-DD": count}; maintained by record_scan().';
comment on column public.qr_codes.last_scanned_at is 'Time of the latest scan; maintained by record_scan().';

create index qr_codes_user_id_idx on public.qr_codes (user_id);
create index qr_codes_property_id_idx on public.qr_codes (property_id);

alter table public.qr_codes enable row level security;

create policy "qr_codes: authenticated can select own codes"
  on public.qr_codes for select to authenticated
  using ((select auth.uid()) = user_id);

create policy "qr_codes: authenticated can insert own codes on own properties"
  on public.qr_codes for insert to authenticated
  with check (
    (select auth.uid()) = user_id
    and exists (select 1 from public.properties p where p.id = property_id and p.user_id = (select auth.uid()))
  );

create policy "qr_codes: authenticated can update own codes on own properties"
  on public.qr_codes for update to authenticated
  using ((select auth.uid()) = user_id)
  with check (
    (select auth.uid()) = user_id
    and exists (select 1 from public.properties p where p.id = property_id and p.user_id = (select auth.uid()))
  );

create policy "qr_codes: authenticated can delete own codes"
  on public.qr_codes for delete to authenticated
  using ((select auth.uid()) = user_id);

-- Guests never read this table (anon has no grant): they get one guide through get_guide().
grant select, delete on public.qr_codes to authenticated;
grant insert (id, property_id, name, room_number, hotel, area, style, content, images, template)
  on public.qr_codes to authenticated;
grant update (property_id, name, room_number, hotel, area, style, content, images, template)
  on public.qr_codes to authenticated;
grant select, insert, update, delete on public.qr_codes to service_role;

-- Trims name and room number and checks every JSON field against the shape the app and get_guide() use.
-- Each failure is one sentence (SQLSTATE 23514) with the field path in `detail`.
create function public.validate_qr_code()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  url_pattern constant text := '^https?://[^\s/?#]+([/?#]\S*)?$';
  rule record;
  field jsonb;
  text_value text;
  unknown_key text;
  item jsonb;
  image text;
begin
  new.name := btrim(coalesce(new.name, ''));
  new.room_number := btrim(coalesce(new.room_number, ''));
  if new.name = '' then
    raise exception 'Name is required.' using errcode = 'check_violation', detail = 'name';
  end if;
  if char_length(new.name) > 120 then
    raise exception 'Name can be at most 120 characters.' using errcode = 'check_violation', detail = 'name';
  end if;
  if new.room_number = '' then
    raise exception 'Room number is required.' using errcode = 'check_violation', detail = 'room_number';
  end if;
  if char_length(new.room_number) > 20 then
    raise exception 'Room number can be at most 20 characters.' using errcode = 'check_violation', detail = 'room_number';
  end if;
  if new.template is null then
    raise exception 'Template must be custom, luxury, beach or cabin.' using errcode = 'check_violation', detail = 'template';
  end if;

  new.hotel := coalesce(new.hotel, '{}'::jsonb);
  new.area := coalesce(new.area, '{}'::jsonb);
  new.style := coalesce(new.style, '{}'::jsonb);
  new.content := coalesce(new.content, '{}'::jsonb);
  new.images := coalesce(new.images, '{}');

  -- Objects with known keys only, so a guide never carries data nobody validated.
  for rule in
    select * from (values
      ('hotel', new.hotel, array['name', 'phone', 'website', 'description']),
      ('area', new.area, array['location', 'activities', 'businessLink']),
      ('style', new.style, array['primaryColor', 'backgroundColor', 'logoUrl', 'roomPhotoUrl']),
      ('content', new.content, array['wifi'])
    ) as r (path, value, allowed)
  loop
    if jsonb_typeof(rule.value) <> 'object' then
      raise exception '% must be an object.', rule.path using errcode = 'check_violation', detail = rule.path;
    end if;
    select k into unknown_key from jsonb_object_keys(rule.value) as k where k <> all (rule.allowed) limit 1;
    if unknown_key is not null then
      raise exception '% has an unknown field "%".', rule.path, unknown_key
        using errcode = 'check_violation', detail = rule.path || '.' || unknown_key;
    end if;
  end loop;

  field := new.content -> 'wifi';
  if field is not null and field <> 'null'::jsonb then
    if jsonb_typeof(field) <> 'object' then
      raise exception 'content.wifi must be an object.' using errcode = 'check_violation', detail = 'content.wifi';
    end if;
    select k into unknown_key from jsonb_object_keys(field) as k where k not in ('network', 'password') limit 1;
    if unknown_key is not null then
      raise exception 'content.wifi has an unknown field "%".', unknown_key
        using errcode = 'check_violation', detail = 'content.wifi.' || unknown_key;
    end if;
  end if;

  -- Scalar text fields: (path, value, kind, maximum length).
  for rule in
    select * from (values
      ('hotel.name', new.hotel -> 'name', 'text', 120),
      ('hotel.phone', new.hotel -> 'phone', 'text', 40),
      ('hotel.website', new.hotel -> 'website', 'url', 2048),
      ('hotel.description', new.hotel -> 'description', 'text', 2000),
      ('area.location', new.area -> 'location', 'text', 300),
      ('area.businessLink', new.area -> 'businessLink', 'url', 2048),
      ('style.primaryColor', new.style -> 'primaryColor', 'colour', 7),
      ('style.backgroundColor', new.style -> 'backgroundColor', 'colour', 7),
      ('style.logoUrl', new.style -> 'logoUrl', 'url', 2048),
      ('style.roomPhotoUrl', new.style -> 'roomPhotoUrl', 'url', 2048),
      ('content.wifi.network', new.content -> 'wifi' -> 'network', 'ssid', 32),
      ('content.wifi.password', new.content -> 'wifi' -> 'password', 'text', 63)
    ) as r (path, value, kind, max_length)
  loop
    continue when rule.value is null or rule.value = 'null'::jsonb;
    if jsonb_typeof(rule.value) <> 'string' then
      raise exception '% must be text.', rule.path using errcode = 'check_violation', detail = rule.path;
    end if;
    text_value := rule.value #>> '{}';
    continue when text_value = '';
    if rule.kind = 'ssid' then
      -- A WiFi network name is at most 32 bytes (IEEE 802.11), so longer names can never match a network.
      if octet_length(text_value) > 32 then
        raise exception '% can be at most 32 bytes.', rule.path using errcode = 'check_violation', detail = rule.path;
      end if;
    elsif char_length(text_value) > rule.max_length then
      raise exception '% can be at most % characters.', rule.path, rule.max_length
        using errcode = 'check_violation', detail = rule.path;
    end if;
    if rule.kind = 'url' and text_value !~* url_pattern then
      raise exception '% must be a web address starting with http:// or https://.', rule.path
        using errcode = 'check_violation', detail = rule.path;
    end if;
    if rule.kind = 'colour' and text_value !~ '^#[0-9a-fA-F]{6}$' then
      raise exception '% must be a colour written #rrggbb.', rule.path using errcode = 'check_violation', detail = rule.path;
    end if;
  end loop;

  field := new.area -> 'activities';
  if field is not null and field <> 'null'::jsonb then
    if jsonb_typeof(field) <> 'array' then
      raise exception 'area.activities must be a list.' using errcode = 'check_violation', detail = 'area.activities';
    end if;
    if jsonb_array_length(field) > 30 then
      raise exception 'area.activities can have at most 30 items.' using errcode = 'check_violation', detail = 'area.activities';
    end if;
    for item in select value from jsonb_array_elements(field) loop
      if jsonb_typeof(item) <> 'string' then
        raise exception 'area.activities must contain text only.' using errcode = 'check_violation', detail = 'area.activities';
      end if;
      if char_length(item #>> '{}') > 200 then
        raise exception 'area.activities items can be at most 200 characters.' using errcode = 'check_violation', detail = 'area.activities';
      end if;
    end loop;
  end if;

  if cardinality(new.images) > 10 then
    raise exception 'images can have at most 10 items.' using errcode = 'check_violation', detail = 'images';
  end if;
  foreach image in array new.images loop
    if image is null or char_length(image) > 2048 or image !~* url_pattern then
      raise exception 'images must be web addresses starting with http:// or https://.'
        using errcode = 'check_violation', detail = 'images';
    end if;
  end loop;

  return new;
end;
$$;

comment on function public.validate_qr_code() is 'Trigger: trims and validates a QR code row (JSON shapes, http(s) URLs, #rrggbb colours, lengths) with readable messages.';

revoke execute on function public.validate_qr_code() from public, anon, authenticated;

-- Content checks only run when content changes, so record_scan()'s counter update stays cheap.
create trigger validate_qr_code
  before insert or update of name, room_number, hotel, area, style, content, images, template on public.qr_codes
  for each row execute function public.validate_qr_code();

create trigger set_updated_at
  before update of property_id, name, room_number, hotel, area, style, content, images, template on public.qr_codes
  for each row execute function public.set_updated_at();

-- ---------------------------------------------------------------------------------------------------------
-- Quota: qr_codes_created < qr_code_limit on insert, counted in the database.
--
-- The owner's users row is locked (`for update`) before it is read, so concurrent inserts for one owner
-- queue behind each other and can never exceed the limit. The count is raised in the same BEFORE INSERT
-- trigger (not an AFTER trigger), so a multi-row insert sees its own earlier rows; if the insert fails
-- later, the statement's rollback undoes the count too. security definer: callers cannot update users.

create function public.enforce_qr_code_quota()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  owner_row public.users%rowtype;
begin
  if tg_op = 'INSERT' then
    select * into owner_row from public.users where id = new.user_id for update;
    if not found then
      raise exception 'No user profile exists for this QR code''s owner.' using errcode = 'foreign_key_violation';
    end if;
    if owner_row.qr_codes_created >= owner_row.qr_code_limit then
      raise exception 'You have reached your QR code limit.'
        using errcode = 'QUOTA',
              detail = format('%s of %s QR codes used.', owner_row.qr_codes_created, owner_row.qr_code_limit),
              hint = 'Subscribe for more rooms, or delete a QR code to free a slot.';
    end if;
    update public.users set qr_codes_created = qr_codes_created + 1 where id = new.user_id;
    return new;
  elsif tg_op = 'UPDATE' then
    if new.user_id is distinct from old.user_id then
      raise exception 'A QR code cannot move to another owner.' using errcode = 'check_violation', detail = 'user_id';
    end if;
    return new;
  else
    -- A deleted code frees its slot (a subscription is per room). When the owner is being deleted, the
    -- users row is already gone and this updates nothing.
    update public.users set qr_codes_created = greatest(qr_codes_created - 1, 0) where id = old.user_id;
    return old;
  end if;
end;
$$;

comment on function public.enforce_qr_code_quota() is 'Trigger: enforces and counts the per-user QR code quota (SQLSTATE QUOTA when over the limit).';

revoke execute on function public.enforce_qr_code_quota() from public, anon, authenticated;

create trigger enforce_qr_code_quota
  before insert or update of user_id on public.qr_codes
  for each row execute function public.enforce_qr_code_quota();

create trigger release_qr_code_quota
  after delete on public.qr_codes
  for each row execute function public.enforce_qr_code_quota();
