import { supabase } from '@/lib/supabase';
import { throwIfError } from '@/lib/data/api-error';
import { toRoomWrite } from '../rows';
import type { RoomFormValues } from '../types';

/**
 * Creates a room with the id the form generated (its preview already shows that id's guide URL), storing only the
 * fields it overrides: the rest follows the property's shared guide. The database's quota trigger refuses it over
 * the limit (code QUOTA); its validation trigger refuses bad input with the field in `field`.
 */
export async function createRoom(id: string, propertyId: string, values: RoomFormValues): Promise<void> {
  const { error } = await supabase.from('qr_codes').insert({ id, property_id: propertyId, ...toRoomWrite(values) });
  throwIfError(error);
}
