/** English needs no `messages` catalogue (never loaded): the server and the contract say them (lib/i18n/messages.ts). */
export default {} as Record<string, string>;
