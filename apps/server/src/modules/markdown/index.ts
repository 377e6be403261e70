/** The markdown module's face: all that code outside it may import (modules/README.md). */
export { redactReferences, redactReferencesIn } from './reference-redaction.service';
export { type HtmlTable, readableHtml, readableHtmlOf, type StoredHtml, storedHtml } from './stored-html.service';
