import { Link } from '@mui/material';
import type { MouseEvent } from 'react';

/** The id of the page's main region, which the skip link moves the focus to. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * "Skip to content": the first Tab stop of every logged-in screen, out of sight until focused.
 * Without it a keyboard user went through the account button and every menu entry (20 and more
 * for an admin) before reaching the page. It moves the focus itself rather than following the
 * `#` link, which would put a hash in the router's address.
 */
export function SkipLink() {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    document.getElementById(MAIN_CONTENT_ID)?.focus();
  };
  return (
    <Link
      href={`#${MAIN_CONTENT_ID}`}
      onClick={skip}
      sx={(theme) => ({
        position: 'fixed',
        top: 8,
        left: 8,
        zIndex: theme.zIndex.tooltip + 1,
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'background.paper',
        color: 'primary.main',
        fontWeight: 600,
        boxShadow: 3,
        // Off screen until focused (not display:none, which would take it out of the Tab order).
        transform: 'translateY(-200%)',
        '&:focus': {
          transform: 'none',
          outline: `3px solid ${theme.palette.primary.main}`,
          outlineOffset: '2px',
        },
      })}
    >
      Skip to content
    </Link>
  );
}
