/** The uploads module's face: all that code outside it may import (modules/README.md). */

export {
  maxUploadBytes,
  readProjectUpload,
  storeProjectUpload,
  type UploadRow,
  UploadTooLargeError,
} from './project-uploads.service';
export { safeUploadFilename, uploadMarkdown, uploadUrl } from './upload-markdown';
