import { decayedActivityText, formatActivity, messages, type Order, percentText } from '@dosechain/contract';
import { Alert, Box, FormControlLabel, Grid, Switch, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { decayAt, type OrderWithActivity, showsDecay } from './order-activity-view.ts';

/**
 * The activity left at an instant, with a warning when it is below the drug's threshold of the
 * requested activity (the accept dialog's projected delivery); nothing when the order shows no
 * decay or the instant is not known yet.
 */
export function ActivityAtInstant({
  order,
  at,
  zone,
  label,
  warn = false,
}: {
  order: OrderWithActivity;
  at: string | null | undefined;
  zone: string;
  label: string;
  warn?: boolean;
}) {
  const decayed = decayAt(order, at, zone);
  if (!decayed) return null;
  const text = decayedActivityText(decayed, true);
  return (
    <Box>
      <Typography variant="body2" data-testid="activity-at">
        {label}: <strong>{text}</strong>
      </Typography>
      {warn && decayed.belowThreshold && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {messages.activityLowAtDelivery(
            formatActivity(decayed.value, decayed.unit),
            percentText(decayed.percent),
            decayed.thresholdPercent,
          )}
        </Alert>
      )}
    </Box>
  );
}

/**
 * Order detail's decay: the activity at the projected delivery and the delivery, and at a scan
 * time the user enters on the imaging center's clock; mCi and MBq together on request.
 */
export function OrderDecay({ order }: { order: Order }) {
  const zone = order.imagingCenter.timezone;
  const [both, setBoth] = useState(false);
  const [scan, setScan] = useState('');
  if (!showsDecay(order)) return null;
  const rows: [string, string | null][] = [
    ['At projected delivery', order.projectedDelivery],
    ['At delivery', order.deliveredAt],
    ['At scan time', scan || null],
  ];
  return (
    <Box component="section" aria-label="Activity and decay">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="subtitle2">Activity and decay</Typography>
        <FormControlLabel
          control={<Switch size="small" checked={both} onChange={(e) => setBoth(e.target.checked)} />}
          label="Show mCi and MBq"
        />
      </Box>
      <Grid container spacing={2} sx={{ alignItems: 'center' }}>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <TextField
            label={`Scan time (${zone})`}
            type="datetime-local"
            size="small"
            fullWidth
            value={scan}
            onChange={(e) => setScan(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Grid>
        {rows.map(([label, at]) => {
          const decayed = decayAt(order, at, zone);
          if (!decayed) return null;
          return (
            <Grid key={label} size={{ xs: 6, sm: 4, md: 'auto' }}>
              <Typography variant="caption" color="text.secondary" component="div">
                {label}
              </Typography>
              <Typography component="div" data-testid={`decay-${label}`}>
                {decayedActivityText(decayed, both)}
              </Typography>
            </Grid>
          );
        })}
      </Grid>
    </Box>
  );
}
