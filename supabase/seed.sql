-- Local seed: runs after the migrations when the local database is created (`npm start` on a new data
-- folder, `npm run stack:reset`, `supabase db reset`). Never runs against a hosted project.
--
-- 1. The Stripe catalogue for offline use: one product, three per-room prices. Stable ids so the Stripe
--    stand-in, the tests and the subscription page agree on them.
-- 2. A demo host (demo@roomguide.local / demo-host-2026, as local-stack/config.ts `demoHost` prints) with a
--    limit of 10 rooms, one hotel (with its shared guide) and three rooms, so a newcomer sees a working
--    product at once.

insert into public.products (id, active, name, description)
values (
  'prod_local_roomguide',
  true,
  'RoomGuide',
  'One guest guide and QR code per room. All features included, no minimum commitment, scale up or down at any time.'
);

-- unit_amount is per room for one billing period, in cents: 6.00 EUR a month; 6 months for 33.00 EUR
-- (5.50 a month); a year for 60.00 EUR (5.00 a month).
insert into public.prices (id, product_id, active, unit_amount, currency, interval, interval_count)
values
  ('price_local_monthly', 'prod_local_roomguide', true, 600, 'eur', 'month', 1),
  ('price_local_semiannual', 'prod_local_roomguide', true, 3300, 'eur', 'month', 6),
  ('price_local_annual', 'prod_local_roomguide', true, 6000, 'eur', 'year', 1);

-- The demo host, as GoTrue stores an email user: bcrypt hash, confirmed email, an `email` identity, and
-- empty strings (not nulls) in the token columns GoTrue reads.
insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  confirmation_token, recovery_token, email_change_token_new, email_change,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at, is_anonymous
)
values (
  '00000000-0000-0000-0000-000000000000',
  '11111111-1111-4111-8111-111111111111',
  'authenticated',
  'authenticated',
  'demo@roomguide.local',
  extensions.crypt('demo-host-2026', extensions.gen_salt('bf', 10)),
  now(),
  '', '', '', '',
  '{"provider": "email", "providers": ["email"]}'::jsonb,
  '{}'::jsonb,
  now(),
  now(),
  false
);

insert into auth.identities (id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
values (
  '11111111-1111-4111-8111-111111111112',
  '11111111-1111-4111-8111-111111111111',
  '11111111-1111-4111-8111-111111111111',
  '{"sub": "11111111-1111-4111-8111-111111111111", "email": "demo@roomguide.local", "email_verified": true, "phone_verified": false}'::jsonb,
  'email',
  now(),
  now(),
  now()
);

-- The auth.users trigger created the profile with limit 0; the demo host may create 10 codes.
update public.users set qr_code_limit = 10 where id = '11111111-1111-4111-8111-111111111111';

-- The hotel's guide is set once on the property; each room holds only what differs (its look, its own
-- WiFi password, a description or activities of its own). Room 102 shows the property's look and text.
insert into public.properties (id, user_id, name, type, address, template, hotel, area, style, content)
values (
  '22222222-2222-4222-8222-222222222222',
  '11111111-1111-4111-8111-111111111111',
  'Hotel Miramar',
  'hotel',
  'Passeig Marítim 18, 07014 Palma de Mallorca, Spain',
  'custom',
  '{"name": "Hotel Miramar", "phone": "+34 971 123 456", "website": "https://hotelmiramar.example", "description": "Breakfast 7:30–10:30 on the terrace. Reception is open 24 hours; dial 9 from your room."}',
  '{"location": "On the seafront promenade, 10 minutes'' walk from the cathedral.", "activities": ["Cathedral of Santa Maria", "Bellver Castle", "Can Pere Antoni beach", "Old town tapas route"], "businessLink": "https://www.visitpalma.com"}',
  '{"primaryColor": "#000000", "backgroundColor": "#ffffff"}',
  '{"wifi": {"network": "Miramar-Guests"}}'
);

-- Three rooms; the quota trigger counts them, so qr_codes_created ends at 3.
insert into public.qr_codes (id, user_id, property_id, name, room_number, template, hotel, area, style, content)
values
  (
    '33333333-3333-4333-8333-333333333101',
    '11111111-1111-4111-8111-111111111111',
    '22222222-2222-4222-8222-222222222222',
    'Sea View Double',
    '101',
    'beach',
    '{}',
    '{}',
    '{"primaryColor": "#1e6fa8", "backgroundColor": "#fff8dc"}',
    '{"wifi": {"password": "sunset-101"}}'
  ),
  (
    '33333333-3333-4333-8333-333333333102',
    '11111111-1111-4111-8111-111111111111',
    '22222222-2222-4222-8222-222222222222',
    'Garden Twin',
    '102',
    null,
    '{"description": "Breakfast 7:30–10:30 on the terrace. Quiet hours from 23:00."}',
    '{"activities": ["Es Baluard museum", "Sunday market at Plaça Major"]}',
    '{}',
    '{"wifi": {"password": "garden-102"}}'
  ),
  (
    '33333333-3333-4333-8333-333333333201',
    '11111111-1111-4111-8111-111111111111',
    '22222222-2222-4222-8222-222222222222',
    'Junior Suite',
    '201',
    'luxury',
    '{"description": "Suite guests enjoy late checkout until 14:00 and the rooftop pool."}',
    '{"activities": ["Sunset sailing trip", "Rooftop pool", "Serra de Tramuntana day trip"]}',
    '{"primaryColor": "#d4af37", "backgroundColor": "#000000"}',
    '{"wifi": {"network": "Miramar-Suites", "password": "golden-hour-201"}}'
  );
