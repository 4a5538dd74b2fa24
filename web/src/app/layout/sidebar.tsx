import { ExpandLess, ExpandMore } from '@mui/icons-material';
import {
  Collapse,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  ListSubheader,
  type Theme,
} from '@mui/material';
import { useState } from 'react';
import { NavLink } from 'react-router';
import { userMeets } from '../../auth/access.ts';
import { useAuth } from '../../auth/auth-context.tsx';
import { type AppRoute, appRoutes, type MenuSection, menuSections } from '../routes.tsx';

/** The routes the user may open that have a menu entry, in declaration order. */
export function visibleMenu(routes: AppRoute[], meets: (r: AppRoute) => boolean) {
  const items = routes.filter((r) => r.menu && meets(r));
  return {
    top: items.filter((r) => !r.menu?.section),
    sections: menuSections
      .map((section) => ({ section, items: items.filter((r) => r.menu?.section === section) }))
      .filter((s) => s.items.length > 0),
  };
}

/**
 * The current page's entry: a bar at its left edge and primary-coloured, bold text on a tint, so
 * that it is told apart from a keyboard-focused entry (the theme's ring, no tint) without colour
 * alone. NavLink marks it `active` and `aria-current="page"`.
 */
const currentPage = {
  bgcolor: 'action.selected',
  color: 'primary.main',
  boxShadow: (t: Theme) => `inset 4px 0 0 ${t.palette.primary.main}`,
  '& .MuiListItemText-primary': { fontWeight: 600 },
};

// Every child of a list is an <li> (the subheader, each link, each section), so screen readers
// announce the menu as a list of its entries.
function MenuLink({ route, nested }: { route: AppRoute; nested?: boolean }) {
  return (
    <ListItem disablePadding>
      <ListItemButton
        component={NavLink}
        to={route.path}
        end
        sx={{ pl: nested ? 4 : 2, '&.active': currentPage }}
      >
        <ListItemText primary={route.menu?.label} />
      </ListItemButton>
    </ListItem>
  );
}

function Section({ section, items }: { section: MenuSection; items: AppRoute[] }) {
  const [open, setOpen] = useState(true);
  return (
    <ListItem disablePadding sx={{ display: 'block' }}>
      <ListItemButton onClick={() => setOpen((o) => !o)} aria-expanded={open}>
        <ListItemText primary={section} />
        {open ? <ExpandLess /> : <ExpandMore />}
      </ListItemButton>
      <Collapse in={open} unmountOnExit>
        <List disablePadding>
          {items.map((r) => (
            <MenuLink key={r.path} route={r} nested />
          ))}
        </List>
      </Collapse>
    </ListItem>
  );
}

export function Sidebar() {
  const { user } = useAuth();
  const menu = visibleMenu(appRoutes, (r) => userMeets(user, r.requirement));
  return (
    <nav aria-label="Main menu">
      <List subheader={<ListSubheader>Menu</ListSubheader>}>
        {menu.top.map((r) => (
          <MenuLink key={r.path} route={r} />
        ))}
        {menu.sections.map((s) => (
          <Section key={s.section} section={s.section} items={s.items} />
        ))}
      </List>
    </nav>
  );
}
