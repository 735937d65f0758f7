// The text of a PDF as a reader sees it, read back with pdf.js: the server's invoice tests and the browser suite's.
import { createRequire } from 'node:module';
import path from 'node:path';

import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

// pdf.js reads the metrics of the 14 standard fonts (which pdfkit uses without embedding) from its own package.
const standardFontDataUrl = `${path.join(
  path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')),
  'standard_fonts',
)}/`;

/** Each page's text items joined by spaces, the pages by newlines; and how many pages there are. */
export async function pdfText(pdf: Uint8Array) {
  const document = await getDocument({
    data: new Uint8Array(pdf),
    isEvalSupported: false,
    standardFontDataUrl,
  }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  return { pages: document.numPages, text: pages.join('\n') };
}
