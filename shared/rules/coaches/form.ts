import type { Coach, CoachFields } from './types.js';
import { blankToNull, newCoachDefaults } from './fields.js';

/** The coach form as typed (plain strings), and its conversion to what the create and update operations take. */
export interface CoachFormValues {
  readonly name: string;
  readonly description: string;
  readonly category: string;
  readonly subscriptionTier: string;
  readonly coachType: string;
  readonly isFree: boolean;
  readonly isActive: boolean;
  readonly sampleInteraction: string;
}

export function emptyCoachForm(productName: string): CoachFormValues {
  const d = newCoachDefaults(productName);
  return {
    name: '',
    description: '',
    category: '',
    subscriptionTier: d.subscription_tier,
    coachType: d.coach_type,
    isFree: d.is_free,
    isActive: d.is_active,
    sampleInteraction: '',
  };
}

export function coachFormOf(c: Coach): CoachFormValues {
  return {
    name: c.name,
    description: c.description ?? '',
    category: c.category ?? '',
    subscriptionTier: c.subscriptionTier,
    coachType: c.coachType,
    isFree: c.isFree,
    isActive: c.isActive,
    sampleInteraction: c.sampleInteraction ?? '',
  };
}

/** Empty description, category and sample interaction are sent as null (spec 2 section 5). */
export function coachFieldsOf(v: CoachFormValues): CoachFields {
  return {
    name: v.name.trim(),
    description: blankToNull(v.description),
    category: blankToNull(v.category),
    subscriptionTier: v.subscriptionTier,
    coachType: v.coachType,
    isFree: v.isFree,
    isActive: v.isActive,
    sampleInteraction: blankToNull(v.sampleInteraction),
  };
}

/** Whether two forms would save the same coach (so "  " and "" in an optional field are no change). */
export function sameCoachForm(a: CoachFormValues, b: CoachFormValues): boolean {
  const x = coachFieldsOf(a);
  const y = coachFieldsOf(b);
  return (Object.keys(x) as (keyof CoachFields)[]).every((k) => x[k] === y[k]);
}
