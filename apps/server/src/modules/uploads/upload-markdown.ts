/**
 * How an upload is named and linked, as GitLab's FileUploader does: the file's name made safe for a
 * URL path (its last segment; anything but letters, digits, `.`, `-`, `_` as `_`), and the Markdown
 * that links it — `![name](/uploads/<secret>/<name>)` for an image, `[name](…)` for any other file.
 */

const IMAGE = /\.(png|jpe?g|gif|webp|bmp|ico)$/i;

export function safeUploadFilename(name: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '').replace(/[^A-Za-z0-9._-]/g, '_').slice(-200);
  return base && base !== '.' && base !== '..' ? base : 'file';
}

/** The link a project's Markdown holds: relative to the project (`renderMarkdown` points it there). */
export const uploadUrl = (secret: string, filename: string) => `/uploads/${secret}/${filename}`;

export function uploadMarkdown(secret: string, filename: string): string {
  const link = `[${filename}](${uploadUrl(secret, filename)})`;
  return IMAGE.test(filename) ? `!${link}` : link;
}
