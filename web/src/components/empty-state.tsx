import type { LucideIcon } from 'lucide-react';

/** What a list shows while it has nothing: its icon, what is missing, and what to do about it. */
export function EmptyState({ icon: Icon, title, hint }: { icon: LucideIcon; title: string; hint: string }) {
  return (
    <div className="grid justify-items-center gap-2 py-6 text-center">
      <Icon className="size-8 text-muted-foreground" aria-hidden="true" />
      <p className="font-medium">{title}</p>
      <p className="max-w-md text-sm text-muted-foreground">{hint}</p>
    </div>
  );
}
