import { builder } from '../builder';

/** GitLab's `<Type>StateEvent` input enums: REOPEN and CLOSE, read as the services' `reopen` and `close`. */
export const stateEventEnum = (name: string, description: string, says: { reopen: string; close: string }) =>
  builder.enumType(name, {
    description,
    values: {
      REOPEN: { value: 'reopen', description: says.reopen },
      CLOSE: { value: 'close', description: says.close },
    } as const,
  });
