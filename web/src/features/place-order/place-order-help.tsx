import { HelpOutlined } from '@mui/icons-material';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Tooltip,
} from '@mui/material';
import { useId, useState } from 'react';

const steps: [string, string][] = [
  ['Choose the study and the site', 'Only the sites paired with the study are offered.'],
  [
    'Choose the exam and the imaging center',
    "The exams are those of the study's pairings for the site; the imaging centers those linked to the site.",
  ],
  ['Enter the subject and the timepoint', 'Additional notes are optional.'],
  [
    'Pick a day in the calendar',
    'Only manufacture days that still have doses can be picked; the badge shows how many are left. Use the arrows to see other months.',
  ],
  [
    'Pick the calibration time',
    "Only hours inside the day's manufacture window are offered, on the imaging center's clock (its time zone is shown), and none that has already passed.",
  ],
  ['Sign and place the order', 'Enter your password to sign. The toast links to the new order.'],
];

/** The '?' button beside the title and the steps of placing an order. */
export function PlaceOrderHelp() {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  return (
    <>
      <Tooltip title="How to place an order">
        <IconButton aria-label="How to place an order" onClick={() => setOpen(true)}>
          <HelpOutlined />
        </IconButton>
      </Tooltip>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId} maxWidth="sm" fullWidth>
        <DialogTitle id={titleId}>How to place an order</DialogTitle>
        <DialogContent dividers>
          <List component="ol" dense sx={{ listStyle: 'decimal', pl: 3 }}>
            {steps.map(([primary, secondary]) => (
              <ListItem key={primary} sx={{ display: 'list-item' }}>
                <ListItemText primary={primary} secondary={secondary} />
              </ListItem>
            ))}
          </List>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} autoFocus>
            Close
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
