import { z } from 'zod';
import { visibilityLevels } from '../../policy/access-levels';

/** 'private' | 'internal' | 'public' → 0 | 10 | 20. */
export const visibilityParam = z.enum(['private', 'internal', 'public']).transform((v) => visibilityLevels[v]);

/** A group or project path: letters, digits, '_', '-', '.'; not starting with '-'/'.', not ending in '.git'/'.atom'. */
export const pathParam = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[A-Za-z0-9_][A-Za-z0-9_.-]*$/, 'can contain only letters, digits, _, - and .; cannot start with - or .')
  .refine((p) => !/\.(git|atom)$/i.test(p) && !p.endsWith('.'), 'cannot end in .git, .atom or .');

export const nameParam = z.string().trim().min(1).max(255);

export const sortParam = z.enum(['asc', 'desc']);
