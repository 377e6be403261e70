import type { FieldRef } from '@pothos/core';
import { webUrl } from '../../modules/namespaces';
import type { builder } from '../builder';
import type { GraphQLContext } from '../context';

type Types = typeof builder.$inferSchemaTypes;

/**
 * `webUrl`, `webPath` and `reference(full:)` of an issue or work item, from its web path (no leading
 * slash) and its reference, short (`#12`) or full (`group/project#12`).
 */
export function webLinkFields<Parent>(
  t: PothosSchemaTypes.ObjectFieldBuilder<Types, Parent>,
  says: { webUrl: string; webPath: string; reference: string },
  pathOf: (parent: Parent, c: GraphQLContext) => Promise<string>,
  referenceOf: (parent: Parent, full: boolean, c: GraphQLContext) => string | Promise<string>,
): Record<'webUrl' | 'webPath' | 'reference', FieldRef<Types>> {
  return {
    webUrl: t.string({ description: says.webUrl, resolve: async (p, _a, c) => webUrl(c.ctx, await pathOf(p, c)) }),
    webPath: t.string({ description: says.webPath, resolve: async (p, _a, c) => `/${await pathOf(p, c)}` }),
    reference: t.string({
      description: says.reference,
      args: {
        full: t.arg.boolean({
          required: false,
          defaultValue: false,
          description: 'Boolean option specifying whether the reference should be returned in full.',
        }),
      },
      resolve: (p, args, c) => referenceOf(p, args.full ?? false, c),
    }),
  };
}
