import {
  type ActivityUnit,
  activityUnitSymbol,
  formatActivityBoth,
  formatInstant,
} from '@dosechain/contract';
import { Alert, Box, Grid, Typography, useTheme } from '@mui/material';
import { type ChartSize, type JourneyMark, journeyChart } from './journey-chart.ts';

/**
 * One step of a dose's journey (issue 35): placed, accepted, shipped, received, administered.
 * `at` null: not reached yet. `activity` is in the order's unit: what was measured then (the
 * assay, the receipt, the injected dose) or, for placing, the activity requested at calibration.
 */
export interface JourneyStep {
  key: string;
  label: string;
  at: string | null;
  /** Reached though it has no time of its own (a dose not administered); default: `at` is set. */
  reached?: boolean;
  /** When the activity was measured, if not at the step's own time (the calibration, an assay). */
  measuredAt?: string | null;
  who?: string | null;
  activity?: number | null;
  /** What the activity is ('requested at calibration', 'assay', 'expected 9.8 mCi'). */
  activityNote?: string | null;
  /** Lot, courier, reason not administered… one line. */
  detail?: string | null;
  /**
   * A nominal figure, not a measurement (the activity requested at calibration): drawn only near
   * the measured ones, so a calibration days away does not squash their picture.
   */
  reference?: boolean;
  /** The curve stops at this step's activity (the injection). */
  endsCurve?: boolean;
  /** Why the step is a deviation (out of tolerance, damaged, expired); none: not one. */
  deviation?: string | null;
}

const SIZE: ChartSize = { width: 480, height: 220, left: 52, right: 16, top: 16, bottom: 34 };

/** How far from the measured points a reference figure is still drawn. */
const REFERENCE_REACH_MS = 24 * 3_600_000;

/**
 * The chart's marks: the steps with a readable time and activity; a reference figure only within
 * a day of a measured one (or when nothing was measured yet).
 */
export function journeyMarks(steps: readonly JourneyStep[]): JourneyMark[] {
  const marks = steps.flatMap((step) => {
    const when = step.measuredAt ?? step.at;
    const at = when ? Date.parse(when) : Number.NaN;
    if (step.activity == null || !Number.isFinite(at)) return [];
    return [
      { at, activity: step.activity, label: step.label, ends: step.endsCurve, reference: step.reference },
    ];
  });
  const measured = marks.filter((m) => !m.reference);
  return marks
    .filter(
      (m) =>
        !m.reference ||
        measured.length === 0 ||
        measured.some((other) => Math.abs(other.at - m.at) <= REFERENCE_REACH_MS),
    )
    .map(({ reference: _, ...mark }) => mark);
}

function JourneyChart({
  steps,
  unit,
  zone,
  halfLifeSeconds,
}: {
  steps: readonly JourneyStep[];
  unit: ActivityUnit;
  zone: string;
  halfLifeSeconds: number | null;
}) {
  const theme = useTheme();
  const chart = journeyChart(journeyMarks(steps), halfLifeSeconds, SIZE);
  if (!chart) return null;
  const symbol = activityUnitSymbol(unit);
  const [chartLeft, chartRight] = [chart.x0, chart.x1];
  const summary = chart.points
    .map((p) => `${p.mark.label} ${formatActivityBoth(p.mark.activity, unit, false)}`)
    .join(', ');
  return (
    <Box
      component="svg"
      viewBox={`0 0 ${SIZE.width} ${SIZE.height}`}
      role="img"
      aria-label={`Activity over the dose's journey, decaying between the measured points: ${summary}`}
      sx={{ width: '100%', maxWidth: SIZE.width, height: 'auto', display: 'block' }}
    >
      {chart.yTicks.map((tick) => (
        <g key={tick.value}>
          <line
            x1={chart.x0}
            x2={chart.x1}
            y1={tick.y}
            y2={tick.y}
            stroke={theme.palette.divider}
            strokeDasharray={tick.value === 0 ? undefined : '2 3'}
          />
          <text
            x={chart.x0 - 6}
            y={tick.y + 4}
            textAnchor="end"
            fontSize={11}
            fill={theme.palette.text.secondary}
          >
            {tick.value.toLocaleString('en-US', { maximumFractionDigits: 3 })}
          </text>
        </g>
      ))}
      <text x={4} y={SIZE.top - 4} fontSize={11} fill={theme.palette.text.secondary}>
        {symbol}
      </text>
      {chart.curves.map((d) => (
        <path key={d} d={d} fill="none" stroke={theme.palette.primary.main} strokeWidth={2} />
      ))}
      {chart.points.map((p) => (
        <g key={`${p.mark.label}-${p.mark.at}`}>
          <circle
            cx={p.x}
            cy={p.y}
            r={4.5}
            fill={theme.palette.background.paper}
            stroke={theme.palette.primary.dark}
            strokeWidth={2}
          >
            <title>{`${p.mark.label}: ${formatActivityBoth(p.mark.activity, unit, true)}`}</title>
          </circle>
          <text
            x={p.x}
            y={p.y - 9}
            textAnchor={p.x > chartRight - 40 ? 'end' : p.x < chartLeft + 40 ? 'start' : 'middle'}
            fontSize={10}
            fill={theme.palette.text.secondary}
          >
            {p.mark.label}
          </text>
        </g>
      ))}
      <text x={chart.x0} y={SIZE.height - 8} fontSize={11} fill={theme.palette.text.secondary}>
        {formatInstant(new Date(chart.start).toISOString(), zone)}
      </text>
      <text
        x={chart.x1}
        y={SIZE.height - 8}
        textAnchor="end"
        fontSize={11}
        fill={theme.palette.text.secondary}
      >
        {formatInstant(new Date(chart.end).toISOString(), zone)}
      </text>
    </Box>
  );
}

/**
 * The journey of a dose on order detail: each step with who, when (on `zone`'s clock, the zone
 * named) and the activity then in both units, beside the decay curve between the measured points.
 * Steps not reached yet are listed greyed, so what is still to come is plain.
 */
export function JourneyTimeline({
  steps,
  unit,
  zone,
  halfLifeSeconds,
}: {
  steps: readonly JourneyStep[];
  unit: ActivityUnit | null;
  zone: string;
  halfLifeSeconds: number | null;
}) {
  return (
    <Box component="section" aria-label="Dose journey">
      <Typography variant="h6" component="h2" gutterBottom>
        Journey
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {steps.map((step, i) => {
              const reached = step.reached ?? step.at !== null;
              return (
                <Box
                  component="li"
                  key={step.key}
                  data-testid={`journey-${step.key}`}
                  sx={{
                    position: 'relative',
                    pl: 3,
                    pb: i === steps.length - 1 ? 0 : 1.5,
                    color: reached ? 'text.primary' : 'text.secondary',
                    // The line joining the steps, and each step's dot on it.
                    '&::before': {
                      content: '""',
                      position: 'absolute',
                      left: 5,
                      top: 6,
                      width: 10,
                      height: 10,
                      borderRadius: '50%',
                      bgcolor: reached
                        ? step.deviation
                          ? 'warning.main'
                          : 'primary.main'
                        : 'action.disabled',
                    },
                    '&::after':
                      i === steps.length - 1
                        ? undefined
                        : {
                            content: '""',
                            position: 'absolute',
                            left: 9,
                            top: 18,
                            bottom: 0,
                            width: 2,
                            bgcolor: 'divider',
                          },
                  }}
                >
                  <Typography variant="subtitle2" component="div">
                    {step.label}
                    {step.at ? ` · ${formatInstant(step.at, zone)}` : reached ? '' : ' · not yet'}
                  </Typography>
                  {step.who && (
                    <Typography variant="body2" color="text.secondary">
                      {step.who}
                    </Typography>
                  )}
                  {step.activity != null && unit && (
                    <Typography variant="body2">
                      {formatActivityBoth(step.activity, unit, true)}
                      {step.activityNote ? ` · ${step.activityNote}` : ''}
                      {step.measuredAt && step.measuredAt !== step.at
                        ? ` at ${formatInstant(step.measuredAt, zone)}`
                        : ''}
                    </Typography>
                  )}
                  {step.detail && <Typography variant="body2">{step.detail}</Typography>}
                  {step.deviation && (
                    <Alert severity="warning" sx={{ mt: 0.5, py: 0 }}>
                      {step.deviation}
                    </Alert>
                  )}
                </Box>
              );
            })}
          </Box>
        </Grid>
        {unit && (
          <Grid size={{ xs: 12, md: 6 }}>
            <JourneyChart steps={steps} unit={unit} zone={zone} halfLifeSeconds={halfLifeSeconds} />
          </Grid>
        )}
      </Grid>
    </Box>
  );
}
