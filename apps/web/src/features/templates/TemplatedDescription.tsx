import type { MarkdownEditorProps } from '../shared/MarkdownEditor';
import { MarkdownField } from '../shared/MarkdownField';
import { TemplatePicker } from './TemplatePicker';
import type { TemplateType } from './templatesApi';

/** A new item's Description: the description template dropdown above the Markdown field it fills. */
export function TemplatedDescription({
  kind,
  startWithDefault,
  ...editor
}: MarkdownEditorProps & { kind: TemplateType; startWithDefault?: boolean }) {
  return (
    <>
      <TemplatePicker
        projectPath={editor.projectPath}
        kind={kind}
        description={editor.value}
        onLoad={editor.onChange}
        startWithDefault={startWithDefault}
      />
      <MarkdownField label="Description" {...editor} />
    </>
  );
}
