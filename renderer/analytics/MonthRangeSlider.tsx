import { useEffect, useRef } from 'react';
import { monthLabel } from '../../shared/rules/analytics/range.js';

interface Props {
  /** The months to choose from, oldest first ('YYYY-MM'). */
  readonly months: readonly string[];
  readonly start: string;
  readonly end: string;
  readonly onChange: (start: string, end: string) => void;
}

/**
 * A two-thumb month-range slider: two native range inputs over one track, so each thumb is keyboard operable
 * (arrows, Page Up/Down, Home, End) and announced with its month. A thumb cannot pass the other one.
 */
export function MonthRangeSlider({ months, start, end, onChange }: Props) {
  const last = months.length - 1;
  const a = Math.max(0, months.indexOf(start));
  const b = Math.max(a, months.indexOf(end) === -1 ? last : months.indexOf(end));
  const pct = (i: number) => (last === 0 ? 0 : (i / last) * 100);
  // The range lives in the address, which updates after a render: keys pressed in quick succession (Home on one
  // thumb, then Home on the other) must build on the last choice, not on the props still showing the one before.
  const latest = useRef({ a, b });
  useEffect(() => {
    latest.current = { a, b };
  }, [a, b]);
  const choose = (na: number, nb: number) => {
    latest.current = { a: na, b: nb };
    onChange(months[na]!, months[nb]!);
  };
  return (
    <div className="month-slider" role="group" aria-label="Month range">
      <div className="month-slider-labels">
        <span data-testid="month-range-start">{monthLabel(months[a]!)}</span>
        <span aria-hidden="true">to</span>
        <span data-testid="month-range-end">{monthLabel(months[b]!)}</span>
      </div>
      <div className="month-slider-track">
        <div className="month-slider-fill" style={{ left: `${pct(a)}%`, width: `${pct(b) - pct(a)}%` }} />
        <input
          type="range"
          aria-label="Start month"
          aria-valuetext={monthLabel(months[a]!)}
          min={0}
          max={last}
          step={1}
          value={a}
          onChange={(e) => choose(Math.min(Number(e.target.value), latest.current.b), latest.current.b)}
        />
        <input
          type="range"
          aria-label="End month"
          aria-valuetext={monthLabel(months[b]!)}
          min={0}
          max={last}
          step={1}
          value={b}
          onChange={(e) => choose(latest.current.a, Math.max(Number(e.target.value), latest.current.a))}
        />
      </div>
    </div>
  );
}
