import type { SupabaseClient } from '@supabase/supabase-js';
import type { ContactInquiry, ContactInquiryStats } from '../../../shared/rules/inquiries/types.js';
import { CONTACT_INQUIRY_MESSAGES, inquiryWindows } from '../../../shared/rules/inquiries/contact.js';
import { AppError } from '../../ground/errors.js';
import { countOf, readCounted } from '../support/query.js';
import { deleteRowSettled } from '../support/delete-settled.js';

const COLUMNS = 'id, name, email, message, created_at';

interface Row {
  readonly id: string;
  readonly name: string;
  readonly email: string;
  readonly message: string;
  readonly created_at: string;
}

const toInquiry = (r: Row): ContactInquiry => ({ id: r.id, name: r.name, email: r.email, message: r.message, createdAt: r.created_at });

const head = (db: SupabaseClient) => db.from('contact_inquiries').select('id', { count: 'exact', head: true });

/** Every inquiry newest first, in pages, so the list never stops at the server's row cap. */
export async function listContactInquiries(db: SupabaseClient): Promise<ContactInquiry[]> {
  const rows = await readCounted<Row>({ count: 'Counting inquiries', read: 'Reading inquiries' }, head(db), (from, to) =>
    db.from('contact_inquiries').select(COLUMNS).order('created_at', { ascending: false }).order('id').range(from, to),
  );
  return rows.map(toInquiry);
}

/** The three cards, each an exact count query (never the length of a capped list). */
export async function contactInquiryStats(db: SupabaseClient, now = new Date()): Promise<ContactInquiryStats> {
  const { weekStart, todayStart } = inquiryWindows(now);
  const [total, thisWeek, today] = await Promise.all([
    head(db).then((a) => countOf(a, 'Counting inquiries')),
    head(db)
      .gte('created_at', weekStart)
      .then((a) => countOf(a, 'Counting inquiries of the week')),
    head(db)
      .gte('created_at', todayStart)
      .then((a) => countOf(a, "Counting today's inquiries")),
  ]);
  return { total, thisWeek, today };
}

/** A missing row is a failure, never a silent success. */
export async function deleteContactInquiry(db: SupabaseClient, id: string): Promise<{ id: string }> {
  const { data, error } = await deleteRowSettled(db, 'contact_inquiries', id);
  if (error || !data?.length) throw new AppError(error ? 'BACKEND_ERROR' : 'NOT_FOUND', CONTACT_INQUIRY_MESSAGES.deleteFailed);
  return { id };
}
