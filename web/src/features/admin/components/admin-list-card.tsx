import type { ReactNode } from 'react';

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { SearchBox } from '@/features/admin/components/search-box';

type AdminListCardProps = {
  title: string;
  description: string;
  /** The search box over the list: its label and placeholder, and the text typed so far. */
  search: { label: string; placeholder: string; value: string; onChange: (value: string) => void };
  /** A new search (or the first page) is loading: the list is busy until it arrives. */
  isBusy: boolean;
  /** The list. */
  children: ReactNode;
};

/** One of the admin page's lists (docs/spec.md section 2, Admin) in its card, with the search box beside its title. */
export function AdminListCard({ title, description, search, isBusy, children }: AdminListCardProps) {
  return (
    <Card>
      <CardHeader className="flex flex-wrap items-center justify-between gap-3 max-sm:px-4">
        <div className="grid gap-1.5">
          <CardTitle asChild>
            <h2>{title}</h2>
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
        <SearchBox {...search} />
      </CardHeader>
      <CardContent className="grid gap-4 max-sm:px-4" aria-busy={isBusy}>
        {children}
      </CardContent>
    </Card>
  );
}
