import { builder } from '../builder';

/**
 * A GraphQL enum whose values are its names (no internal value), each with its description:
 * `describedEnum('EpicState', 'State of an epic.', { opened: 'Open epics.', … })`.
 */
export const describedEnum = <const Values extends Record<string, string>>(
  name: string,
  description: string,
  values: Values,
) => {
  type EnumValues = Record<keyof Values & string, { description: string }>;
  return builder.enumType<string, EnumValues>(name, {
    description,
    values: Object.fromEntries(
      Object.entries(values).map(([value, says]) => [value, { description: says }]),
    ) as EnumValues,
  });
};
