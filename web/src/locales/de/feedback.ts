import type { Translation } from '@/lib/i18n/catalogue';
import type en from '@/locales/en/feedback';

export default {
  dialog: {
    title: 'Feedback senden',
    text: 'Sagen Sie uns, was gut funktioniert, was nicht, und was Sie sich als Nächstes wünschen.',
    thanks: 'Vielen Dank für Ihr Feedback!',
    failed: 'Feedback konnte nicht gesendet werden',
    label: 'Ihr Feedback',
    placeholder: 'Was möchten Sie uns mitteilen?',
    counter: '{length} / {max}',
    cancel: 'Abbrechen',
    sending: 'Wird gesendet…',
    send: 'Feedback senden',
  },
} satisfies Translation<typeof en>;
