import { Button, type ButtonProps, CircularProgress } from '@mui/material';

/** Disabled until the form is valid and while it is being sent (one submission at a time). */
export function SubmitButton({
  isValid,
  isSubmitting,
  children,
  ...props
}: ButtonProps & { isValid: boolean; isSubmitting: boolean }) {
  return (
    <Button
      type="submit"
      variant="contained"
      disabled={!isValid || isSubmitting}
      startIcon={isSubmitting ? <CircularProgress size={16} color="inherit" /> : undefined}
      {...props}
    >
      {children}
    </Button>
  );
}
