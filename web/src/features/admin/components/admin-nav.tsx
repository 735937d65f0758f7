import { NavLink } from 'react-router';

import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useTranslation } from '@/lib/i18n/translation';

const LINKS = [
  { key: 'nav.overview', href: paths.admin.root.getHref(), end: true },
  { key: 'nav.users', href: paths.admin.users.getHref(), end: false },
] as const;

/** The admin area's own navigation: the overview (/admin) and the users (/admin/users and each user's page). */
export function AdminNav() {
  const { t } = useTranslation('admin');
  return (
    <nav aria-label={t('nav.label')} className="border-b border-border">
      <ul className="-mb-px flex gap-4">
        {LINKS.map(({ key, href, end }) => (
          <li key={href}>
            <NavLink
              to={href}
              end={end}
              className={({ isActive }) =>
                cn(
                  'inline-flex rounded-t-md border-b-2 px-1 pt-1 pb-2 text-sm font-medium transition-colors',
                  isActive
                    ? 'border-primary text-foreground'
                    : 'border-transparent text-muted-foreground hover:border-border hover:text-foreground',
                )
              }
            >
              {t(key)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
