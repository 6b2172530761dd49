/** The one tooltip of every chart: what the mark is (its day, its label) as a heading, then each value it holds. */
export function ChartTooltip({
  title,
  rows,
  note,
}: {
  readonly title: string;
  readonly rows: readonly (readonly [string, string, string?])[];
  readonly note?: string;
}) {
  return (
    <div className="chart-tooltip">
      <strong className="chart-tooltip-title">{title}</strong>
      {note ? <span className="chart-tooltip-note">{note}</span> : null}
      {rows.map(([label, value, color]) => (
        <span key={label} className="chart-tooltip-row">
          {color ? <span className="pie-swatch" style={{ background: color }} /> : null}
          <span>{label}</span>
          <strong>{value}</strong>
        </span>
      ))}
    </div>
  );
}
