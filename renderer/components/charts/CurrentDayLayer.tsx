import type { LineCustomSvgLayerProps, LineSeries } from '@nivo/line';

/** How the current day is named wherever a chart shows it (legend, tooltip, table). */
export const CURRENT_DAY_NOTE = 'so far';

/**
 * The lines layer when the last day is today: each series solid up to yesterday and dashed into today, over a
 * shaded band, so a figure that is still growing does not read as a drop.
 */
export function CurrentDayLayer<S extends LineSeries>({ series, lineGenerator, innerWidth, innerHeight }: LineCustomSvgLayerProps<S>) {
  const first = series[0]?.data ?? [];
  if (first.length === 0) return null;
  const lastX = first[first.length - 1]!.position.x;
  const prevX = first.length > 1 ? first[first.length - 2]!.position.x : lastX;
  const bandStart = (prevX + lastX) / 2;
  return (
    <g>
      <rect x={bandStart} y={0} width={Math.max(0, innerWidth - bandStart)} height={innerHeight} fill="var(--surface-2)" opacity={0.7} />
      {series.map((s) => {
        const pts = s.data.map((d) => d.position);
        const done = lineGenerator(pts.slice(0, -1)) ?? '';
        const today = lineGenerator(pts.slice(-2)) ?? '';
        return (
          <g key={String(s.id)}>
            <path d={done} fill="none" stroke={s.color} strokeWidth={2} />
            <path d={today} fill="none" stroke={s.color} strokeWidth={2} strokeDasharray="4 4" />
          </g>
        );
      })}
    </g>
  );
}
