/**
 * Whether a key press comes from where typing must not trigger shortcuts: a text field, an editable
 * region, or an open dialog (IE §2.7's shortcuts stay out of the user's way there).
 */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof target !== 'object' || !('tagName' in target)) return false;
  const element = target as HTMLElement;
  const tag = element.tagName;
  return (
    tag === 'INPUT' ||
    tag === 'TEXTAREA' ||
    tag === 'SELECT' ||
    element.isContentEditable === true ||
    element.closest?.('[role="dialog"], [role="alertdialog"], dialog[open]') != null
  );
}
