import { createContext, useContext } from 'react';

type Shell = {
  /** The desktop sidebar shows icons only (remembered in storage 'sidebarCollapsed'). */
  isSidebarCollapsed: boolean;
  toggleSidebar: () => void;
  /** Opens the navigation drawer of narrow screens. */
  openNavigation: () => void;
  /** Opens the feedback modal (the top bar's Feedback button; the f key toggles it too). */
  openFeedback: () => void;
};

export const ShellContext = createContext<Shell | null>(null);

export function useShell(): Shell {
  const shell = useContext(ShellContext);
  if (!shell) throw new Error('useShell must be used inside the AppShell layout route');
  return shell;
}
