import { NavLink } from 'react-router';

import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';

const LINKS = [
  { label: 'Overview', href: paths.admin.root.getHref(), end: true },
  { label: 'Users', href: paths.admin.users.getHref(), end: false },
];

/** The admin area's own navigation: the overview (/admin) and the users (/admin/users and each user's page). */
export function AdminNav() {
  return (
    <nav aria-label="Admin" className="border-b border-border">
      <ul className="-mb-px flex gap-4">
        {LINKS.map(({ label, href, end }) => (
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
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
