import type { SupabaseClient } from '@supabase/supabase-js';
import type { CoachInquiry } from '../../../shared/rules/coaches/types.js';
import { INQUIRY_MESSAGES, type InquiryStatus } from '../../../shared/rules/coaches/fields.js';
import { AppError } from '../../ground/errors.js';
import { readCounted } from '../support/query.js';
import { updateRowSettled } from '../support/update-settled.js';
import { deleteRowSettled } from '../support/delete-settled.js';

// updated_at: the stamp that tells a settled update's target was touched by another write.
const COLUMNS = 'id, full_name, email, message, status, website, linkedin, created_at, updated_at';

interface InquiryRow {
  readonly id: string;
  readonly full_name: string;
  readonly email: string;
  readonly message: string | null;
  readonly status: InquiryStatus;
  readonly website: string | null;
  readonly linkedin: string | null;
  readonly created_at: string;
}

const toInquiry = (r: InquiryRow): CoachInquiry => ({
  id: r.id,
  fullName: r.full_name,
  email: r.email,
  message: r.message,
  status: r.status,
  website: r.website,
  linkedin: r.linkedin,
  createdAt: r.created_at,
});

export async function listInquiries(db: SupabaseClient): Promise<CoachInquiry[]> {
  const rows = await readCounted<InquiryRow>(
    { count: 'Counting coach inquiries', read: 'Reading coach inquiries' },
    db.from('coach_inquiries').select('id', { count: 'exact', head: true }),
    (from, to) => db.from('coach_inquiries').select(COLUMNS).order('created_at', { ascending: false }).order('id').range(from, to),
  );
  return rows.map(toInquiry);
}

/** Any status can be set on any inquiry; a missing row is a failure, never a silent success. */
export async function setInquiryStatus(db: SupabaseClient, id: string, status: InquiryStatus): Promise<CoachInquiry> {
  const { data, error } = await updateRowSettled(db, 'coach_inquiries', id, { status }, COLUMNS);
  if (error || !data?.length) throw new AppError(error ? 'BACKEND_ERROR' : 'NOT_FOUND', INQUIRY_MESSAGES.updateFailed);
  return toInquiry(data[0] as InquiryRow);
}

export async function deleteInquiry(db: SupabaseClient, id: string): Promise<{ id: string }> {
  const { data, error } = await deleteRowSettled(db, 'coach_inquiries', id);
  if (error || !data?.length) throw new AppError(error ? 'BACKEND_ERROR' : 'NOT_FOUND', INQUIRY_MESSAGES.deleteFailed);
  return { id };
}
