// On a phone (narrower than 600 px, MUI's `sm`) the sidebar is a drawer over the page, closed
// until the menu button opens it and closed again on the next screen (layout.css hides the docked
// sidebar there): the collapsed/expanded state of the docked sidebar (its cookie) stays the desktop's.
import { useEffect, useState } from 'react';

export const PHONE_QUERY = '(max-width: 599.95px)';

export function usePhoneMenu(pathname: string) {
  const [open, setOpen] = useState(false);
  useEffect(() => setOpen(false), [pathname]);
  return {
    open,
    /** Whether the layout is the phone's now (the menu button opens the drawer instead of collapsing the sidebar). */
    active: () => window.matchMedia(PHONE_QUERY).matches,
    toggle: () => setOpen((o) => !o),
    close: () => setOpen(false),
  };
}
