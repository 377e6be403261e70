import type { ReactNode } from 'react';
import form from '../../ui/Form.module.css';
import { MarkdownEditor, type MarkdownEditorProps } from './MarkdownEditor';

/** A form's Markdown field: its label above the editor; `children` (an error, a hint) below it. */
export function MarkdownField({
  label,
  children,
  ...editor
}: MarkdownEditorProps & { label: ReactNode; children?: ReactNode }) {
  return (
    <div className={form.field}>
      <span id={editor.labelId} className={form.label}>
        {label}
      </span>
      <MarkdownEditor {...editor} />
      {children}
    </div>
  );
}
