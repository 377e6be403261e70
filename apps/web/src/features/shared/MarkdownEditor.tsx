import { formatMarkdown, type MarkdownFormat, markdownShortcut } from '@meridian/domain';
import { type KeyboardEvent, type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { Alert } from '../../ui/Alert';
import { Description } from './Description';
import { useGfmAutocomplete } from './gfm/useGfmAutocomplete';
import styles from './MarkdownEditor.module.css';
import type { QuickActionsTarget } from './markdownApi';
import { useMarkdownPreview } from './markdownQueries';

const MOD = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘' : 'Ctrl+';

/** The toolbar's buttons, GitLab's names, and the shortcut each has (IE §9 editing). */
const TOOLBAR: Array<[MarkdownFormat, string, string?]> = [
  ['bold', 'Add bold text', `${MOD}B`],
  ['italic', 'Add italic text', `${MOD}I`],
  ['strikethrough', 'Add strikethrough text', `${MOD}Shift+X`],
  ['quote', 'Insert a quote'],
  ['code', 'Insert code'],
  ['link', 'Add a link', `${MOD}K`],
  ['bulletList', 'Add a bullet list'],
  ['numberedList', 'Add a numbered list'],
  ['taskList', 'Add a checklist'],
];
/** A numbered-list glyph drawn, not written: the digit "1" would be visible text missing from the button's name. */
const NUMBERED_LIST_ICON = (
  <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
    <path d="M2.5 2v4.5M6 4h8M6 8h8M6 12h8" stroke="currentColor" strokeWidth="1.5" fill="none" />
  </svg>
);

const LINK_ICON = (
  <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
    <path
      d="M6.5 9.5l3-3M7 4.5l1-1a2.5 2.5 0 013.5 3.5l-1 1M9 11.5l-1 1A2.5 2.5 0 014.5 9l1-1"
      stroke="currentColor"
      strokeWidth="1.5"
      fill="none"
      strokeLinecap="round"
    />
  </svg>
);

const TOOLBAR_TEXT: Record<string, ReactNode> = {
  bold: 'B',
  italic: 'I',
  strikethrough: 'S',
  quote: '❝',
  code: '</>',
  link: LINK_ICON,
  bulletList: '•',
  numberedList: NUMBERED_LIST_ICON,
  taskList: '☑',
};

/** The Preview tab: the text rendered by the server, as it will be stored, and what its quick actions do. */
function Preview({
  text,
  projectPath,
  quickActionsTarget,
}: {
  text: string;
  projectPath: string;
  quickActionsTarget?: QuickActionsTarget;
}) {
  const preview = useMarkdownPreview(text, projectPath, quickActionsTarget);
  if (!text.trim()) return <p className={styles.preview}>Nothing to preview.</p>;
  if (preview.isPending) return <p className={styles.preview}>Loading preview…</p>;
  if (preview.isError) return <Alert variant="danger">{preview.error.message}</Alert>;
  return (
    <div className={styles.preview}>
      <Description html={preview.data.html} />
      {preview.data.quickActions.length > 0 && (
        <section className={styles.quickActions} aria-label="Quick actions">
          <p>Applies these quick actions:</p>
          <ul>
            {preview.data.quickActions.map((explanation) => (
              <li key={explanation}>{explanation}</li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

export interface MarkdownEditorProps {
  /** The id of the element naming the field. */
  labelId: string;
  value: string;
  onChange: (value: string) => void;
  onSubmit?: () => void;
  projectPath: string;
  /** The issue the text's quick actions apply to: the preview explains them. */
  quickActionsTarget?: QuickActionsTarget;
  /** Whether `projectPath` names a project or a group (an epic's): where the autocomplete looks. */
  containerKind?: 'project' | 'group';
  /** The noteable is confidential: the autocomplete suggests only confidential issues and epics (IE §5). */
  confidential?: boolean;
  placeholder?: string;
}

/**
 * GitLab's Markdown field: Write and Preview tabs, a formatting toolbar, and the editing shortcuts
 * (mod+B, mod+I, mod+Shift+X, mod+K, mod+], mod+[); mod+Enter calls `onSubmit`. The formatting
 * itself is `formatMarkdown` in packages/domain.
 */
export function MarkdownEditor({
  labelId,
  value,
  onChange,
  onSubmit,
  projectPath,
  quickActionsTarget,
  containerKind = 'project',
  confidential = false,
  placeholder = 'Write a description or drag your files here…',
}: MarkdownEditorProps) {
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const textarea = useRef<HTMLTextAreaElement>(null);
  const pendingSelection = useRef<[number, number] | null>(null);

  // After a format changes the text, put the selection where formatMarkdown says.
  useLayoutEffect(() => {
    const selection = pendingSelection.current;
    if (selection && textarea.current) {
      textarea.current.setSelectionRange(selection[0], selection[1]);
      pendingSelection.current = null;
    }
  });

  const apply = (format: MarkdownFormat) => {
    const field = textarea.current;
    if (!field) return;
    const next = formatMarkdown({ text: value, start: field.selectionStart, end: field.selectionEnd }, format);
    pendingSelection.current = [next.start, next.end];
    onChange(next.text);
    field.focus();
  };

  const autocomplete = useGfmAutocomplete({
    textarea,
    value,
    context: projectPath ? { kind: containerKind, path: projectPath, confidential } : null,
    replace: (text, caret) => {
      pendingSelection.current = [caret, caret];
      onChange(text);
    },
  });

  const onKeyDown = (event: KeyboardEvent) => {
    if (autocomplete.onKeyDown(event)) return;
    const mod = event.metaKey || event.ctrlKey;
    if (mod && event.key === 'Enter') {
      event.preventDefault();
      onSubmit?.();
      return;
    }
    const format = markdownShortcut(event.key, mod, event.shiftKey);
    if (format) {
      event.preventDefault();
      apply(format);
    }
  };

  return (
    <div className={styles.editor}>
      <div className={styles.bar}>
        <div className={styles.tabs} role="tablist" aria-labelledby={labelId}>
          {(['write', 'preview'] as const).map((name) => (
            <button
              key={name}
              type="button"
              role="tab"
              className={styles.tab}
              aria-selected={tab === name}
              onClick={() => setTab(name)}
            >
              {name === 'write' ? 'Write' : 'Preview'}
            </button>
          ))}
        </div>
        {tab === 'write' && (
          <div className={styles.toolbar} role="toolbar" aria-label="Formatting">
            {TOOLBAR.map(([format, name, keys]) => (
              <button
                key={format}
                type="button"
                className={styles.tool}
                title={keys ? `${name} (${keys})` : name}
                aria-label={name}
                onClick={() => apply(format)}
              >
                <span aria-hidden="true">{TOOLBAR_TEXT[format]}</span>
              </button>
            ))}
          </div>
        )}
      </div>
      <div className={styles.body} role="tabpanel">
        {tab === 'write' ? (
          <textarea
            ref={textarea}
            className={styles.textarea}
            aria-labelledby={labelId}
            value={value}
            placeholder={placeholder}
            maxLength={1_048_576}
            {...autocomplete.fieldProps}
            onChange={(event) => {
              onChange(event.target.value);
              autocomplete.fieldProps.onSelect();
            }}
            onKeyDown={onKeyDown}
          />
        ) : (
          <Preview text={value} projectPath={projectPath} quickActionsTarget={quickActionsTarget} />
        )}
        {tab === 'write' && autocomplete.popover}
      </div>
    </div>
  );
}
