import type { Theme } from '@app/contract';

const darkQuery = () => matchMedia('(prefers-color-scheme: dark)');
let stopFollowingSystem: (() => void) | null = null;

/**
 * Shows `theme` now and keeps showing it: `system` follows the device as it changes. public/theme.js applies the same
 * rule before the first paint, from the value kept here.
 */
export function applyTheme(theme: Theme): void {
  stopFollowingSystem?.();
  stopFollowingSystem = null;
  const show = (dark: boolean) => {
    document.documentElement.classList.toggle('dark', dark);
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  };
  if (theme !== 'system') {
    show(theme === 'dark');
    return;
  }
  const query = darkQuery();
  show(query.matches);
  const onChange = (event: MediaQueryListEvent) => show(event.matches);
  query.addEventListener('change', onChange);
  stopFollowingSystem = () => query.removeEventListener('change', onChange);
}
