// CSV as RFC 4180 writes it, safe to open in a spreadsheet (docs/contract.md section 4): a field that a spreadsheet
// would run as a formula (OWASP, CSV injection) starts with a quote mark instead and is quoted, and a field with a
// comma, semicolon (the separator of many locales), quote or line break is quoted.

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",;\r\n]/;

export function csvField(value: string | null): string {
  if (value === null) return '';
  const formula = FORMULA_START.test(value);
  const inert = formula ? `'${value}` : value;
  return formula || NEEDS_QUOTES.test(inert) ? `"${inert.replaceAll('"', '""')}"` : inert;
}

/** One record, with the CRLF the RFC ends it with. */
export function csvRow(fields: readonly (string | null)[]): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}
