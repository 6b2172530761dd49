import { describe, expect, it } from 'vitest';
import { CONTACT_INQUIRY_MESSAGES, WEEK_MS, inquiryWindows, searchContactInquiries } from '../../shared/rules/inquiries/contact.js';
import type { ContactInquiry } from '../../shared/rules/inquiries/types.js';

const inquiry = (id: string, name: string, email: string, message: string): ContactInquiry => ({ id, name, email, message, createdAt: '2026-11-24T00:00:00Z' });
const LIST = [
  inquiry('1', 'Ana Lima', 'ana@example.net', 'Do you offer team plans?'),
  inquiry('2', 'Bo Chen', 'bo.chen@example.net', 'Refund question'),
  inquiry('3', 'Cleo Park', 'cleo@example.org', 'I love the app'),
];

describe('general inquiries (spec 2 sections 8 and 9)', () => {
  it('uses the messages of the spec', () => {
    expect(CONTACT_INQUIRY_MESSAGES).toEqual({ deleted: 'Inquiry deleted', deleteFailed: 'Failed to delete inquiry. Please try again.' });
  });

  it('searches name, e-mail and message, ignoring case and spaces', () => {
    expect(searchContactInquiries(LIST, '  ').map((i) => i.id)).toEqual(['1', '2', '3']);
    expect(searchContactInquiries(LIST, 'ANA').map((i) => i.id)).toEqual(['1']);
    expect(searchContactInquiries(LIST, 'example.org').map((i) => i.id)).toEqual(['3']);
    expect(searchContactInquiries(LIST, ' refund ').map((i) => i.id)).toEqual(['2']);
    expect(searchContactInquiries(LIST, 'nobody')).toEqual([]);
  });

  it('takes This Week as the last 7 days and Today from local midnight', () => {
    const now = new Date(2026, 10, 24, 15, 30);
    const w = inquiryWindows(now);
    expect(Date.parse(w.weekStart)).toBe(now.getTime() - WEEK_MS);
    expect(Date.parse(w.todayStart)).toBe(new Date(2026, 10, 24).getTime());
  });
});
