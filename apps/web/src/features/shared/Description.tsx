import styles from './Description.module.css';

/**
 * An issue/epic/note body: the server-sanitized HTML when the API sends one, otherwise the raw text
 * (never injected as HTML).
 */
export function Description({ html, text, empty }: { html?: string | null; text?: string | null; empty?: string }) {
  if (html) {
    // biome-ignore lint/security/noDangerouslySetInnerHtml: description_html is sanitized by the server (rehype-sanitize).
    return <div className={styles.markdown} dangerouslySetInnerHTML={{ __html: html }} />;
  }
  if (text?.trim()) return <div className={`${styles.markdown} ${styles.plain}`}>{text}</div>;
  return empty ? <p className={styles.empty}>{empty}</p> : null;
}
