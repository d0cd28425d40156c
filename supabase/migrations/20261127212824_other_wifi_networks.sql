-- More than one WiFi network: beside the room's own network (content.wifi), a property offers up to three more (the
-- lobby's, a floor's, the pool's), each a place guests read (translated like the hotel's texts), a network name
-- (at most 32 bytes) and a password (at most 63 characters). They are guide fields of the `hotel` column
-- (hotel.wifi2Place, hotel.wifi2Network, hotel.wifi2Password, … wifi4…): set once on the property, overridable or
-- hidden per room, validated, merged, translated and changed in bulk by the functions that read
-- private.guide_fields(), which gains their nine rows here; nothing else changes.
--
-- Existing rows: nothing is stored differently. No row holds the new keys, which reads as "no value", so every guide
-- gains them empty and shows exactly the one network it showed before.

create or replace function private.guide_fields()
returns table (path text, kind text, max_length integer, item_kind text, item_max_length integer, guest_text boolean, inheritable boolean)
language sql
immutable
parallel safe
as $$
  values
    ('name', 'text', 120, null, null, true, false),
    ('room_number', 'text', 20, null, null, false, false),
    ('content.wifi.network', 'ssid', 32, null, null, false, true),
    ('content.wifi.password', 'text', 63, null, null, false, true),
    ('hotel.wifi2Place', 'text', 60, null, null, true, true),
    ('hotel.wifi2Network', 'ssid', 32, null, null, false, true),
    ('hotel.wifi2Password', 'text', 63, null, null, false, true),
    ('hotel.wifi3Place', 'text', 60, null, null, true, true),
    ('hotel.wifi3Network', 'ssid', 32, null, null, false, true),
    ('hotel.wifi3Password', 'text', 63, null, null, false, true),
    ('hotel.wifi4Place', 'text', 60, null, null, true, true),
    ('hotel.wifi4Network', 'ssid', 32, null, null, false, true),
    ('hotel.wifi4Password', 'text', 63, null, null, false, true),
    ('images', 'list', 10, 'url', 2048, false, false),
    ('style.roomPhotoUrl', 'url', 2048, null, null, false, false),
    ('template', 'choice', null, null, null, false, true),
    ('style.primaryColor', 'colour', 7, null, null, false, true),
    ('style.backgroundColor', 'colour', 7, null, null, false, true),
    ('style.logoUrl', 'url', 2048, null, null, false, true),
    ('hotel.name', 'text', 120, null, null, true, true),
    ('hotel.photoUrl', 'url', 2048, null, null, false, true),
    ('hotel.phone', 'text', 40, null, null, false, true),
    ('hotel.website', 'url', 2048, null, null, false, true),
    ('hotel.description', 'text', 2000, null, null, true, true),
    ('hotel.checkIn', 'text', 60, null, null, true, true),
    ('hotel.checkOut', 'text', 60, null, null, true, true),
    ('hotel.breakfast', 'text', 300, null, null, true, true),
    ('hotel.restaurant', 'text', 300, null, null, true, true),
    ('hotel.houseRules', 'text', 2000, null, null, true, true),
    ('hotel.emergencyPhone', 'text', 40, null, null, false, true),
    ('hotel.pharmacy', 'text', 300, null, null, true, true),
    ('hotel.hospital', 'text', 300, null, null, true, true),
    ('area.location', 'text', 300, null, null, true, true),
    ('area.activities', 'list', 30, 'text', 200, true, true),
    ('area.businessLink', 'url', 2048, null, null, false, true)
$$;

comment on function private.guide_fields() is 'The guide''s fields as the database knows them (the app''s list is src/lib/guide-fields.ts): path (column, or JSON column and keys), kind (text, url, colour, ssid, list, choice), maximum length (characters; bytes for an ssid; items for a list), a list item''s kind and length, guest_text (a text the host translates), inheritable (set on the property, overridable per room). The other WiFi networks are hotel.wifi2… to hotel.wifi4….';
