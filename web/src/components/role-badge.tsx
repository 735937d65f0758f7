import { ROLE_LABELS, type Role } from '@app/contract';

import { Badge } from '@/components/ui/badge';

const ROLE_VARIANTS = { owner: 'default', admin: 'info', member: 'secondary' } as const;

/** A team role's display name (docs/spec.md section 6) on a badge coloured by role. */
export function RoleBadge({ role }: { role: Role }) {
  return <Badge variant={ROLE_VARIANTS[role]}>{ROLE_LABELS[role]}</Badge>;
}
