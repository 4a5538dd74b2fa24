import type { NamedRef, StudySchedule } from '@dosechain/contract';
import { Box } from '@mui/material';

const WIDTH = 720;
const ROW = 26;
const LABEL = 140;
const PAD = 16;

/**
 * The schedule's windows on a day axis: a bar from each window's first to last day, a tick at
 * its nominal day, day 0 (the anchor) marked. Decorative detail; the table says the same in text.
 */
export function ScheduleDrawing({
  schedule,
  timepoints,
}: {
  schedule: StudySchedule;
  timepoints: NamedRef[];
}) {
  const { entries } = schedule;
  if (entries.length === 0) return null;
  const first = Math.min(0, ...entries.map((e) => e.dayOffset - e.windowBeforeDays));
  const last = Math.max(0, ...entries.map((e) => e.dayOffset + e.windowAfterDays));
  const span = Math.max(1, last - first);
  const x = (day: number) => LABEL + ((day - first) / span) * (WIDTH - LABEL - PAD);
  const height = entries.length * ROW + 28;
  const name = (id: number) => timepoints.find((t) => t.id === id)?.name ?? `#${id}`;
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <svg
        role="img"
        aria-label={`Schedule windows from day ${first} to day ${last}`}
        width={WIDTH}
        height={height}
        viewBox={`0 0 ${WIDTH} ${height}`}
      >
        <line x1={x(0)} x2={x(0)} y1={0} y2={height - 18} stroke="#9e9e9e" strokeDasharray="4 3" />
        {entries.map((e, i) => {
          const y = i * ROW + 6;
          return (
            <g key={e.timePointId}>
              <text x={0} y={y + 13} fontSize={12} fill="currentColor">
                {name(e.timePointId)}
              </text>
              <rect
                x={x(e.dayOffset - e.windowBeforeDays)}
                y={y + 3}
                width={Math.max(3, x(e.dayOffset + e.windowAfterDays) - x(e.dayOffset - e.windowBeforeDays))}
                height={12}
                rx={3}
                fill="#90caf9"
              />
              <line
                x1={x(e.dayOffset)}
                x2={x(e.dayOffset)}
                y1={y}
                y2={y + 18}
                stroke="#0d47a1"
                strokeWidth={2}
              />
            </g>
          );
        })}
        <text x={x(first)} y={height - 4} fontSize={11} fill="currentColor">
          {`day ${first}`}
        </text>
        <text x={x(last)} y={height - 4} fontSize={11} fill="currentColor" textAnchor="end">
          {`day ${last}`}
        </text>
      </svg>
    </Box>
  );
}
