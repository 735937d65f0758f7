import type { Role } from '@app/contract';

import { Badge } from '@/components/ui/badge';
import { useTranslation } from '@/lib/i18n/translation';

const ROLE_VARIANTS = { owner: 'default', admin: 'info', member: 'secondary' } as const;

/** A team role's display name (docs/spec.md section 6) on a badge coloured by role. */
export function RoleBadge({ role }: { role: Role }) {
  const { t } = useTranslation();
  return <Badge variant={ROLE_VARIANTS[role]}>{t(`roles.${role}`)}</Badge>;
}
