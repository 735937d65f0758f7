/** English needs no `messages` catalogue (never loaded): those texts arrive in English (lib/i18n/messages.ts). */
export default {} as Record<string, string>;
