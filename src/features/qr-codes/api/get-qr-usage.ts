import { supabase } from '@/lib/supabase';

export interface QrUsage {
  used: number;
  limit: number;
}

/** 'QR Codes Used: used / limit' from the user's `users` row (0 / 0 when the row is missing). */
export async function getQrUsage(userId: string): Promise<QrUsage> {
  const { data, error } = await supabase.from('users').select('qr_codes_created, qr_code_limit').eq('id', userId).maybeSingle();
  if (error) throw new Error(error.message);
  const row = data as { qr_codes_created: number | null; qr_code_limit: number | null } | null;
  return { used: row?.qr_codes_created ?? 0, limit: row?.qr_code_limit ?? 0 };
}
