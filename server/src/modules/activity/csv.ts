// CSV as RFC 4180 writes it, safe to open in a spreadsheet: a field that a spreadsheet would run as a formula (OWASP,
// CSV injection) starts with a quote mark instead, and a field with a comma, quote or line break is quoted.

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvField(value: string | null): string {
  if (value === null) return '';
  const inert = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(inert) ? `"${inert.replaceAll('"', '""')}"` : inert;
}

/** One record, with the CRLF the RFC ends it with. */
export function csvRow(fields: readonly (string | null)[]): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}
