import { describe, expect, it } from 'vitest';
import { defaultTemplateName } from './defaultTemplate';

describe('defaultTemplateName', () => {
  it('is the template named Default, in any case, as stored', () => {
    expect(defaultTemplateName([{ name: 'Bug' }, { name: 'DEFAULT' }])).toBe('DEFAULT');
    expect(defaultTemplateName([{ name: 'default' }])).toBe('default');
  });

  it('is none when no template is named Default', () => {
    expect(defaultTemplateName([{ name: 'Default bug' }, { name: 'Feature' }])).toBeUndefined();
    expect(defaultTemplateName([])).toBeUndefined();
  });
});
