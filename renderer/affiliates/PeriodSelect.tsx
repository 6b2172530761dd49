import { AFFILIATE_PERIODS, type AffiliatePeriod } from '../../shared/rules/affiliates/periods.js';

/** The period selector of both analytics screens (a native select: keyboard and screen reader for free). */
export function PeriodSelect({
  value,
  onChange,
  labels,
}: {
  readonly value: AffiliatePeriod;
  readonly onChange: (p: AffiliatePeriod) => void;
  readonly labels: Readonly<Record<AffiliatePeriod, string>>;
}) {
  return (
    <label className="analytics-range">
      <span>Period</span>
      <select className="control" value={value} onChange={(e) => onChange(Number(e.target.value) as AffiliatePeriod)}>
        {AFFILIATE_PERIODS.map((d) => (
          <option key={d} value={d}>
            {labels[d]}
          </option>
        ))}
      </select>
    </label>
  );
}
