/** A row of contact_inquiries (spec 2 section 3). */
export interface ContactInquiry {
  readonly id: string;
  readonly name: string;
  readonly email: string;
  readonly message: string;
  readonly createdAt: string;
}

/** The stats cards: exact counts, each from its own count query. */
export interface ContactInquiryStats {
  readonly total: number;
  /** The last 7 days. */
  readonly thisWeek: number;
  /** Since the start of today in main's (the administrator's computer's) time zone. */
  readonly today: number;
}
