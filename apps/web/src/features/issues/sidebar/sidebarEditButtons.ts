/**
 * The Edit buttons of the issue sidebar's fields this reader may change (`Edit labels`, `Edit
 * milestone`…), read from the page: the Ctrl/Cmd+K palette lists them, the `l`/`a`/`m` shortcuts
 * press one, and neither needs the sidebar's code or state to open an editor.
 */
export function sidebarEditButtons(): { label: string; button: HTMLButtonElement }[] {
  const aside = document.querySelector('aside[aria-label="Issue details"]');
  const buttons = aside ? Array.from(aside.querySelectorAll<HTMLButtonElement>('button[aria-expanded="false"]')) : [];
  return buttons.flatMap((button) => {
    const label = button.getAttribute('aria-label') ?? '';
    return label.startsWith('Edit ') ? [{ label, button }] : [];
  });
}

/** Opens a sidebar field's editor as its Edit button does, in view. */
export function openSidebarEditor(button: HTMLButtonElement): void {
  button.scrollIntoView({ block: 'center' });
  button.click();
}
