import { Box, Typography } from '@mui/material';
import { hourTicks, windowSegments } from './day-bar-geometry.ts';

/**
 * A 24-hour bar (0 to 24) with the daily manufacture window filled in, so the chosen hours
 * can be seen at a glance.
 */
export function DayBar({ start, end, zoneLabel }: { start: string; end: string; zoneLabel?: string }) {
  const segments = windowSegments(start, end);
  const label =
    segments.length > 0
      ? `Manufacture window ${start} to ${end}${zoneLabel ? `, ${zoneLabel}` : ''}`
      : 'No manufacture window chosen';
  return (
    <Box role="img" aria-label={label} sx={{ pt: 1, pb: 3, px: 1 }}>
      <Box
        data-testid="day-bar"
        sx={{
          position: 'relative',
          height: 20,
          borderRadius: 1,
          bgcolor: 'action.hover',
          border: 1,
          borderColor: 'divider',
          overflow: 'hidden',
        }}
      >
        {segments.map((s) => (
          <Box
            key={s.left}
            data-testid="day-bar-window"
            sx={{
              position: 'absolute',
              top: 0,
              bottom: 0,
              left: `${s.left}%`,
              width: `${s.width}%`,
              bgcolor: 'primary.main',
            }}
          />
        ))}
      </Box>
      <Box sx={{ position: 'relative', height: 16 }} aria-hidden>
        {hourTicks().map((t) => (
          <Typography
            key={t.hour}
            variant="caption"
            color="text.secondary"
            sx={{ position: 'absolute', left: `${t.left}%`, transform: 'translateX(-50%)', top: 2 }}
          >
            {t.hour}
          </Typography>
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {segments.length > 0 ? `${start}–${end}` : ''}
        {zoneLabel ? ` ${zoneLabel}` : ''}
      </Typography>
    </Box>
  );
}
