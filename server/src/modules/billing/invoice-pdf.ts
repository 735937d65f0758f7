// Renders a local invoice as a PDF with pdfkit (maintained, typed, streams; pdf-lib is unmaintained since 2021).
// The standard Helvetica font needs no font file; it covers Latin text (WinAnsi), which team names mostly are.
import type { InvoiceLine } from '@app/contract';
import PDFDocument from 'pdfkit';

type InvoiceDocument = {
  number: string;
  status: 'paid' | 'pending' | 'failed';
  issuedAt: Date;
  dueDate: Date | null;
  amount: number;
  /** The sum of the lines, before credit; null when the invoice has no breakdown. */
  subtotal: number | null;
  currency: string;
  lines: InvoiceLine[];
  team: { uuid: string; name: string };
};

const PRODUCT = 'Tessera';
const MARGIN = 56;
const INK = '#111827';
const MUTED = '#6b7280';
const RULE = '#e5e7eb';

function formatMoney(amount: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(
    amount / 100,
  );
}

const formatDate = (date: Date) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(date);

const STATUS_TEXT = { paid: 'Paid', pending: 'Pending payment', failed: 'Payment failed' } as const;

/** The whole PDF in memory: an invoice is one page of a few kilobytes. */
export function renderInvoicePdf(invoice: InvoiceDocument): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: {
      Title: `Invoice ${invoice.number}`,
      Author: PRODUCT,
      Subject: `${PRODUCT} invoice for ${invoice.team.name}`,
      CreationDate: invoice.issuedAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width - 2 * MARGIN;
  const right = (text: string, y: number, options: PDFKit.Mixins.TextOptions = {}) =>
    doc.text(text, MARGIN, y, { width, align: 'right', ...options });

  // Header: the product on the left, the document's kind and number on the right.
  doc.font('Helvetica-Bold').fontSize(22).fillColor(INK).text(PRODUCT, MARGIN, MARGIN);
  right('INVOICE', MARGIN);
  doc.font('Helvetica').fontSize(10).fillColor(MUTED);
  right(`Invoice number ${invoice.number}`, MARGIN + 28);

  // Facts and the customer.
  let y = MARGIN + 80;
  const facts: [string, string][] = [
    ['Date of issue', formatDate(invoice.issuedAt)],
    [invoice.status === 'paid' ? 'Date paid' : 'Date due', formatDate(invoice.dueDate ?? invoice.issuedAt)],
    ['Status', STATUS_TEXT[invoice.status]],
  ];
  for (const [label, value] of facts) {
    doc.font('Helvetica').fontSize(10).fillColor(MUTED).text(label, MARGIN, y, { width: 110 });
    doc.fillColor(INK).text(value, MARGIN + 110, y, { width: 180 });
    y += 16;
  }
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .fillColor(INK)
    .text('Billed to', MARGIN + 320, MARGIN + 80);
  doc.font('Helvetica').text(invoice.team.name, MARGIN + 320, MARGIN + 96, { width: width - 320 });
  doc
    .fillColor(MUTED)
    .fontSize(8)
    .text(`Team ID ${invoice.team.uuid}`, { width: width - 320 });

  // The amount due, large, as real invoices lead with it.
  y = Math.max(y, doc.y) + 28;
  doc
    .font('Helvetica-Bold')
    .fontSize(16)
    .fillColor(INK)
    .text(
      `${formatMoney(invoice.amount, invoice.currency)} ${invoice.status === 'paid' ? 'paid' : 'due'} on ${formatDate(invoice.dueDate ?? invoice.issuedAt)}`,
      MARGIN,
      y,
    );

  // Line items: what each bills, how many at what price, and the amount.
  y = doc.y + 24;
  const columns = {
    description: { x: MARGIN, width: 250 },
    quantity: { x: MARGIN + 260, width: 40 },
    unit: { x: MARGIN + 305, width: 75 },
    amount: { x: MARGIN + width - 100, width: 100 },
  };
  const cell = (text: string, column: { x: number; width: number }, at: number, align: 'left' | 'right') =>
    doc.text(text, column.x, at, { width: column.width, align });
  const rule = () => {
    doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + width, y)
      .strokeColor(RULE)
      .stroke();
    y += 10;
  };
  doc.font('Helvetica').fontSize(9).fillColor(MUTED);
  cell('Description', columns.description, y, 'left');
  cell('Qty', columns.quantity, y, 'right');
  cell('Unit price', columns.unit, y, 'right');
  cell('Amount', columns.amount, y, 'right');
  y += 16;
  rule();

  const money = (amount: number) =>
    amount < 0 ? `-${formatMoney(-amount, invoice.currency)}` : formatMoney(amount, invoice.currency);
  for (const line of invoice.lines) {
    // A long invoice (many seat changes) goes on over the next pages.
    if (y > doc.page.height - MARGIN - 160) {
      doc.addPage();
      y = MARGIN;
    }
    doc.font('Helvetica').fontSize(10).fillColor(INK);
    cell(String(line.quantity), columns.quantity, y, 'right');
    cell(money(line.unit_amount), columns.unit, y, 'right');
    cell(money(line.amount), columns.amount, y, 'right');
    cell(line.description, columns.description, y, 'left');
    y = doc.y + 12;
  }
  const subtotal = invoice.subtotal ?? invoice.amount;
  if (subtotal > invoice.amount) {
    doc.font('Helvetica').fontSize(10).fillColor(INK);
    cell('Credit applied', columns.description, y, 'left');
    cell(money(invoice.amount - subtotal), columns.amount, y, 'right');
    y = doc.y + 12;
  }

  rule();
  const total = (label: string, value: string, bold = false) => {
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(10)
      .fillColor(INK);
    doc.text(label, columns.amount.x - 160, y, { width: 160 });
    cell(value, columns.amount, y, 'right');
    y += 16;
  };
  total('Subtotal', money(subtotal));
  total('Total', formatMoney(invoice.amount, invoice.currency));
  total(
    invoice.status === 'paid' ? 'Amount paid' : 'Amount due',
    formatMoney(invoice.amount, invoice.currency),
    true,
  );

  doc
    .font('Helvetica')
    .fontSize(8)
    .fillColor(MUTED)
    .text(
      `Issued by ${PRODUCT}'s built-in test-mode payments provider: no real card was charged.`,
      MARGIN,
      doc.page.height - MARGIN - 12,
      { width, align: 'center' },
    );

  doc.end();
  return done;
}
