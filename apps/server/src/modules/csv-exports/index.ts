/** The csv-exports module's face: all that code outside it may import (modules/README.md). */
export { composeCsvExportEmail, queueCsvExportEmail, TARGET_FILESIZE } from './csv-export-email.service';
