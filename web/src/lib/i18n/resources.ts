// The shape of every catalogue, from the English ones: the keys `t` accepts (lib/i18n/translation.tsx).
import type account from '@/locales/en/account';
import type activity from '@/locales/en/activity';
import type admin from '@/locales/en/admin';
import type app from '@/locales/en/app';
import type auth from '@/locales/en/auth';
import type billing from '@/locales/en/billing';
import type common from '@/locales/en/common';
import type developers from '@/locales/en/developers';
import type feedback from '@/locales/en/feedback';
import type invitations from '@/locales/en/invitations';
import type items from '@/locales/en/items';
import type members from '@/locales/en/members';
import type messages from '@/locales/en/messages';
import type passkeys from '@/locales/en/passkeys';
import type security from '@/locales/en/security';
import type tenants from '@/locales/en/tenants';

import type { Namespace } from './namespaces';

export type Resources = {
  common: typeof common;
  auth: typeof auth;
  app: typeof app;
  account: typeof account;
  passkeys: typeof passkeys;
  tenants: typeof tenants;
  members: typeof members;
  invitations: typeof invitations;
  items: typeof items;
  activity: typeof activity;
  feedback: typeof feedback;
  billing: typeof billing;
  admin: typeof admin;
  developers: typeof developers;
  security: typeof security;
  messages: typeof messages;
};

// Every namespace has its catalogue, and nothing else is one.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<T extends true> = T;
export type _EveryNamespace = Holds<Same<keyof Resources, Namespace>>;
