import { useState } from 'react';

/**
 * Whether a menu or dialog has been opened yet: until then it is not rendered at all (no page
 * the server renders has one open, and a closed MUI Menu or Dialog still costs a render), and
 * from then on it stays mounted, so it can play its closing transition.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
