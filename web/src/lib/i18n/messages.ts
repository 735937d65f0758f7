/**
 * Texts that reach a page from outside the web app, in the user's language (docs/decisions/030). English is what the
 * server and the contract say: an error's `detail`, a schema's message. Every other language has a `messages`
 * catalogue that words them itself, keyed by what they mean and never by their English: an error by its code, with
 * its params; a schema's message by its key. The plans' own texts are data without a key, which the catalogue knows by
 * their words.
 */
import { type ErrorCode, isValidationMessage, VALIDATION_MESSAGES } from '@app/contract/errors';

import { serverTextsCatalogue } from './i18n';

/** What an error body says, as the API client keeps it (lib/api-error.ts). */
export type ErrorAnswer = {
  code?: ErrorCode | undefined;
  params?: Record<string, string | number> | undefined;
  detail: string;
};

/** The entry of `record` under `key`, when it is its own (a value from the server names it). */
const own = <T>(record: Record<string, T>, key: string): T | undefined =>
  Object.hasOwn(record, key) ? record[key] : undefined;

/**
 * An error in the user's language: the catalogue's text of its code, with its params; else (English, a code this app
 * does not know, a text whose values did not all come) its detail as the server wrote it.
 */
export function errorText({ code, params = {}, detail }: ErrorAnswer): string {
  const entry = code && serverTextsCatalogue()?.errors[code];
  const text = typeof entry === 'object' ? own<string>(entry, String(params.reason)) : entry;
  if (!text) return detail;
  // A refused field's message is a schema's key, or zod's own English for a wrong type.
  const values =
    code === 'validation' ? { ...params, message: validationText(String(params.message)) } : params;
  let missing = false;
  const filled = text.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = own(values, name);
    missing ||= value === undefined;
    return String(value);
  });
  return missing ? detail : filled;
}

/**
 * A form field's message in the user's language: a schema's key becomes its text; any other message (one the page
 * wrote in the user's language already, a refusal the server gave the field) shows as it is.
 */
export function validationText(message: string): string {
  if (!isValidationMessage(message)) return message;
  return serverTextsCatalogue()?.validation[message] ?? VALIDATION_MESSAGES[message];
}

/** A plan's description or feature, as the database holds it in English, in the user's language where known. */
export function planText(text: string): string {
  const plans = serverTextsCatalogue()?.plans;
  return (plans && own(plans, text)) ?? text;
}
