import { CreateItemBodySchema, type Item } from '@app/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';

import { ErrorAlert } from '@/components/error-alert';
import { isPlanLimitError, PlanLimitNotice, planLimitText } from '@/components/plan-limit-notice';
import { SubmitButton } from '@/components/submit-button';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useCreateItem } from '@/features/items/api/create-item';
import { useUpdateItem } from '@/features/items/api/update-item';
import { getErrorText } from '@/lib/api-error';
import { useTranslation } from '@/lib/i18n/translation';

type ItemFormDialogProps = {
  tenantUuid: string;
  /** The item to edit; none to create one. */
  item?: Item;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The plan's item limit when the team has reached it: a new item would be refused, so the form is not offered. */
  limitReached?: number | null;
};

/** The create/edit modal of /items (docs/spec.md sections 2 and 5): the name is required, the description optional. */
export function ItemFormDialog({
  tenantUuid,
  item,
  open,
  onOpenChange,
  limitReached = null,
}: ItemFormDialogProps) {
  const { t } = useTranslation('items');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{item ? t('form.editTitle') : t('form.createTitle')}</DialogTitle>
          <DialogDescription>{item ? t('form.editText') : t('form.createText')}</DialogDescription>
        </DialogHeader>
        {!item && limitReached !== null ? (
          <>
            <PlanLimitNotice text={planLimitText(limitReached, 'items')} />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                {t('form.cancel')}
              </Button>
            </DialogFooter>
          </>
        ) : (
          // The content mounts afresh each time the dialog opens, so the form starts from the item again.
          <ItemForm tenantUuid={tenantUuid} item={item} onDone={() => onOpenChange(false)} />
        )}
      </DialogContent>
    </Dialog>
  );
}

/**
 * The 'Create Item' button of the page header and the modal it opens; at the plan's item limit (known from the
 * team's usage) the modal says so and offers the upgrade instead of the form.
 */
export function CreateItemDialog({
  tenantUuid,
  limitReached = null,
}: {
  tenantUuid: string;
  limitReached?: number | null;
}) {
  const { t } = useTranslation('items');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <Plus aria-hidden="true" />
        {t('form.createTitle')}
      </Button>
      <ItemFormDialog
        tenantUuid={tenantUuid}
        open={open}
        onOpenChange={setOpen}
        limitReached={limitReached}
      />
    </>
  );
}

function ItemForm({ tenantUuid, item, onDone }: { tenantUuid: string; item?: Item; onDone: () => void }) {
  const { t } = useTranslation('items');
  const create = useCreateItem(tenantUuid);
  const update = useUpdateItem(tenantUuid);
  const mutation = item ? update : create;
  const form = useForm({
    resolver: zodResolver(CreateItemBodySchema),
    defaultValues: { name: item?.name ?? '', description: item?.description ?? '' },
  });

  const onSubmit = form.handleSubmit(({ name, description = null }) => {
    if (item) update.mutate({ itemUuid: item.uuid, body: { name, description } }, { onSuccess: onDone });
    else create.mutate({ name, description }, { onSuccess: onDone });
  });

  return (
    <Form {...form}>
      <form noValidate className="grid gap-4" onSubmit={onSubmit}>
        {isPlanLimitError(mutation.error) ? (
          <PlanLimitNotice text={getErrorText(mutation.error, t('form.createFailed'))} />
        ) : (
          mutation.isError && (
            <ErrorAlert
              error={mutation.error}
              fallback={item ? t('form.updateFailed') : t('form.createFailed')}
            />
          )
        )}
        <FormField
          control={form.control}
          name="name"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t('form.name')}</FormLabel>
              <FormControl>
                <Input autoComplete="off" aria-required="true" {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="description"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t('form.description')}</FormLabel>
              <FormControl>
                <Textarea rows={4} {...field} value={field.value ?? ''} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onDone}>
            {t('form.cancel')}
          </Button>
          <SubmitButton isPending={mutation.isPending} pendingText={t('form.saving')} className="w-auto">
            {item ? t('form.save') : t('form.create')}
          </SubmitButton>
        </DialogFooter>
      </form>
    </Form>
  );
}
