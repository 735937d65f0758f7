import { useState } from 'react';
import { useLocation } from 'react-router';

/**
 * Open/closed state for a menu or drawer that closes on any navigation (docs/spec.md section 2: menus close on a
 * route change); outside clicks are Radix's job. The state remembers the navigation it belongs to and is
 * reset, during render, as soon as the location changes, so going back never reopens it.
 */
export function useOpenUntilNavigation() {
  const { key } = useLocation();
  const [state, setState] = useState({ key, open: false });
  if (state.key !== key) setState({ key, open: false });
  const setOpen = (open: boolean) => setState({ key, open });
  return [state.key === key && state.open, setOpen] as const;
}
