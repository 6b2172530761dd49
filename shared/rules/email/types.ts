import type { EmailSettings } from './settings.js';
import type { SegmentFilters } from './segments.js';
import type { HealthSummary } from './health.js';

export type { EmailSettings, SegmentFilters, HealthSummary };

export type AdminRole = 'super_admin' | 'admin' | 'support';

export interface AdminUser {
  readonly id: string;
  readonly email: string;
  readonly full_name: string;
  readonly role: AdminRole;
  readonly is_active: boolean;
  readonly user_id: string | null;
  readonly created_at: string;
  readonly updated_at: string;
}

export interface NotificationPreference {
  readonly notification_type: string;
  readonly is_enabled: boolean;
  readonly delivery_method: string;
}

export interface NotificationLog {
  readonly id: string;
  readonly notification_type: string;
  readonly delivery_status: 'sent' | 'failed' | 'pending';
  readonly recipient_emails: readonly string[];
  readonly error_message: string | null;
  readonly created_at: string;
}

export interface DeliveryOverview {
  readonly sent: number;
  readonly failed: number;
  readonly pending: number;
  readonly recent: readonly NotificationLog[];
  /** How many deliveries match the filter asked for (all of them without one); `recent` lists the newest. */
  readonly matching: number;
}

export interface OutboxEntry {
  readonly id: string;
  readonly subject: string;
  readonly from: string;
  readonly to: string;
  readonly date: string;
}

/** The demo outbox; available only when the active profile is the embedded demo. */
export interface Outbox {
  readonly available: boolean;
  readonly messages: readonly OutboxEntry[];
}

export interface OutboxMessage extends OutboxEntry {
  readonly text: string;
  /** As delivered; the renderer sanitises it before showing it in a sandboxed frame. */
  readonly html: string | null;
}

export interface EmailTemplate {
  readonly id: string;
  readonly template_name: string;
  readonly template_type: string;
  readonly category: string | null;
  readonly subject_template: string;
  readonly html_template: string | null;
  readonly text_template: string | null;
  readonly personalization_fields: readonly string[];
  readonly ai_personalization_enabled: boolean;
  readonly is_active: boolean;
  readonly approval_status: 'draft' | 'pending' | 'approved' | 'rejected';
  readonly version: number;
  readonly created_at: string;
  readonly updated_at: string;
}

export interface EmailTrigger {
  readonly id: string;
  readonly trigger_name: string;
  readonly trigger_type: 'activity_based' | 'time_based' | 'milestone_based';
  readonly template_id: string | null;
  readonly condition_parameters: Record<string, unknown>;
  readonly is_active: boolean;
  readonly created_at: string;
}

export interface QueueItem {
  readonly id: string;
  readonly user_id: string | null;
  readonly notification_type: string;
  readonly trigger_data: Record<string, unknown>;
  readonly scheduled_for: string;
  readonly priority: number;
  readonly status: 'pending' | 'processing' | 'sent' | 'failed' | 'cancelled';
  readonly retry_count: number;
  readonly max_retries: number;
  readonly error_message: string | null;
  readonly template_name: string | null;
  readonly created_at: string;
}

export interface EngagementStats {
  readonly templates: readonly EmailTemplate[];
  readonly triggers: readonly EmailTrigger[];
  readonly stats: { readonly pending: number; readonly sent: number; readonly failed: number; readonly processing: number };
  readonly recentItems: readonly QueueItem[];
  /** True when the stats function failed and templates and triggers were read directly. */
  readonly fallback?: boolean;
}

/** A created campaign: its id, the e-mails queued, and the template's variables that nothing will fill. */
export interface CreatedCampaign {
  readonly id: string;
  readonly emailsQueued: number;
  readonly emptyVariables: readonly string[];
}

export interface EmailCampaign {
  readonly id: string;
  readonly campaign_name: string;
  readonly campaign_type: 'test' | 'broadcast';
  readonly status: string;
  readonly estimated_recipients: number;
  readonly template_name: string | null;
  readonly created_at: string;
}

export interface UserSegment {
  readonly id: string;
  readonly name: string;
  readonly description: string | null;
  readonly filters: SegmentFilters;
  readonly estimated_count: number;
  readonly created_at: string;
}
