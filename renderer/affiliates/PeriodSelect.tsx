import { AFFILIATE_PERIODS, type AffiliatePeriod } from '../../shared/rules/affiliates/periods.js';
import { Select } from '../components/Select.js';
import { useId } from 'react';

/** The period selector of both analytics screens (the kit's Select, named by its visible word). */
export function PeriodSelect({
  value,
  onChange,
  labels,
}: {
  readonly value: AffiliatePeriod;
  readonly onChange: (p: AffiliatePeriod) => void;
  readonly labels: Readonly<Record<AffiliatePeriod, string>>;
}) {
  const labelId = useId();
  return (
    <span className="analytics-range">
      <span id={labelId}>Period</span>
      <Select
        aria-labelledby={labelId}
        value={String(value)}
        onValueChange={(v) => onChange(Number(v) as AffiliatePeriod)}
        options={AFFILIATE_PERIODS.map((d) => ({ value: String(d), label: labels[d] }))}
      />
    </span>
  );
}
