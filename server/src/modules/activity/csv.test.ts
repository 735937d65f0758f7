// The CSV writer: RFC 4180 quoting that a parser reads back exactly, and no field a spreadsheet would run as a formula.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { csvField, csvRow } from './csv.ts';

/** A strict RFC 4180 reader of one record (with its CRLF), for the round trip. */
function parseRecord(line: string): string[] {
  const fields: string[] = [];
  let index = 0;
  for (;;) {
    let field = '';
    if (line[index] === '"') {
      index += 1;
      for (;;) {
        const quote = line.indexOf('"', index);
        field += line.slice(index, quote);
        index = quote + 1;
        if (line[index] !== '"') break;
        field += '"';
        index += 1;
      }
    } else {
      const end = line.slice(index).search(/,|\r\n$/);
      field = line.slice(index, index + end);
      expect(field).not.toMatch(/[",;\r\n]/);
      index += end;
    }
    fields.push(field);
    if (line.slice(index) === '\r\n') return fields;
    expect(line[index]).toBe(',');
    index += 1;
  }
}

describe('csv', () => {
  it('quotes commas, semicolons, quotes and line breaks, doubling quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('Notes;=1+1')).toBe('"Notes;=1+1"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('a\nb')).toBe('"a\nb"');
    expect(csvField('a\rb')).toBe('"a\rb"');
    expect(csvField(null)).toBe('');
    expect(csvRow(['a', null, 'b,c'])).toBe('a,,"b,c"\r\n');
  });

  it('neutralises each formula prefix with a leading quote mark, inside quotes', () => {
    expect(csvField('=1+1')).toBe(`"'=1+1"`);
    expect(csvField('+1')).toBe(`"'+1"`);
    expect(csvField('-1')).toBe(`"'-1"`);
    expect(csvField('@SUM(A1)')).toBe(`"'@SUM(A1)"`);
    expect(csvField('\tx')).toBe(`"'\tx"`);
    expect(csvField('\rx')).toBe('"\'\rx"');
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
  });

  it('reads back every field as written, less the neutralising quote, and never starts one with a formula', () => {
    const field = fc.string({
      unit: fc.constantFrom('a', ',', ';', '"', '\r', '\n', '=', '+', '-', '@', '\t', "'", ' '),
    });
    fc.assert(
      fc.property(fc.array(field, { minLength: 1, maxLength: 6 }), (fields) => {
        const read = parseRecord(csvRow(fields));
        expect(read).toHaveLength(fields.length);
        read.forEach((value, index) => {
          expect(value).not.toMatch(/^[=+\-@\t\r]/);
          const original = fields[index]!;
          const formula = /^[=+\-@\t\r]/.test(original);
          expect(value).toBe(formula ? `'${original}` : original);
          // A neutralised cell is quoted too.
          if (formula) expect(csvField(original)).toMatch(/^"'/);
        });
      }),
      { numRuns: 500 },
    );
  });
});
