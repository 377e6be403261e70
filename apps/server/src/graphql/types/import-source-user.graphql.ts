import {
  cancelSourceUserReassignment,
  canManageSourceUsers,
  keepAllSourceUsersAsPlaceholders,
  keepSourceUserAsPlaceholder,
  listSourceUsers,
  reassignSourceUser,
  resendSourceUserNotification,
  SOURCE_USER_SORTS,
  SOURCE_USER_STATUSES,
  type SourceUserRow,
  type SourceUserSort,
  type SourceUserStatus,
  undoKeepSourceUserAsPlaceholder,
} from '../../modules/imports';
import { serviceContext } from '../../service-context';
import { builder } from '../builder';
import { defineConnection, pageArgs, paginateArray } from '../connection';
import { gid, gidArgument } from '../gid';
import { inputMutation, mutationInput, mutationPayload, objectMutation } from '../input-mutation';
import { type MutationPayload, payloadType } from '../mutation-errors';
import './global-ids';
import { GroupRef } from './refs';
import { userByIdField } from './user-field';
import { NamespaceRef } from './work-item-namespace.graphql';

/**
 * GitLab 17's user contribution mapping: a top-level group's `importSourceUsers` (the people of the
 * sources imported into it) and the Owner's mutations on them. Services in `modules/imports/source-users/`.
 */
const STATUS_DESCRIPTIONS: Record<SourceUserStatus, string> = {
  pending_reassignment: 'An import source user mapping that is pending reassignment.',
  awaiting_approval: 'An import source user mapping that is awaiting approval.',
  reassignment_in_progress: 'An import source user mapping that is reassignment in progress.',
  completed: 'An import source user mapping that is completed.',
  failed: 'An import source user mapping that is failed.',
  keep_as_placeholder: 'An import source user mapping that is keep as placeholder.',
  rejected: 'An import source user mapping that is rejected.',
};

export const ImportSourceUserStatusEnum = builder.enumType('ImportSourceUserStatus', {
  description: 'Values for status of the import source user mapping.',
  values: Object.fromEntries(
    SOURCE_USER_STATUSES.map((s) => [s.toUpperCase(), { value: s, description: STATUS_DESCRIPTIONS[s] }]),
  ) as Record<Uppercase<SourceUserStatus>, { value: SourceUserStatus; description: string }>,
});

const SourceUserSortEnum = builder.enumType('SourceUserSort', {
  description: 'Values for sorting the mapping of users on source instance to users on destination instance.',
  values: Object.fromEntries(
    SOURCE_USER_SORTS.map((s) => [
      s.toUpperCase(),
      {
        value: s,
        description: `${s.startsWith('status') ? 'Status' : 'Instance source name'} by ${s.endsWith('asc') ? 'ascending' : 'descending'} order.`,
      },
    ]),
  ) as Record<Uppercase<SourceUserSort>, { value: SourceUserSort; description: string }>,
});

export const ImportSourceUserRef = builder.objectRef<SourceUserRow>('ImportSourceUser');
ImportSourceUserRef.implement({
  description: 'How imported users are mapped to users on this instance.',
  fields: (t) => ({
    id: t.field({
      type: 'ImportSourceUserID',
      nullable: false,
      description: 'Global ID of the mapping of a user on source instance to a user on destination instance.',
      resolve: (r) => gid('Import::SourceUser', r.id),
    }),
    sourceHostname: t.exposeString('source_hostname', { nullable: false, description: 'Source instance hostname.' }),
    sourceName: t.string({
      nullable: true,
      description: 'Name of user in the source instance.',
      resolve: (r) => r.source_name,
    }),
    sourceUsername: t.string({
      nullable: true,
      description: 'Username of user in the source instance.',
      resolve: (r) => r.source_username,
    }),
    sourceUserIdentifier: t.exposeString('source_username', {
      nullable: false,
      description: 'ID of the user in the source instance.',
    }),
    importType: t.string({ nullable: false, description: 'Name of the importer.', resolve: () => 'GITLAB_MIGRATION' }),
    status: t.field({
      type: ImportSourceUserStatusEnum,
      nullable: false,
      description: 'Status of the mapping.',
      resolve: (r) => r.status as SourceUserStatus,
    }),
    reassignmentError: t.string({
      nullable: true,
      description: 'Error message if reassignment failed.',
      resolve: (r) => r.reassignment_error,
    }),
    placeholderUser: userByIdField(
      t,
      'Placeholder user associated with the import source user.',
      (r) => r.placeholder_user_id,
    ),
    reassignToUser: userByIdField(t, 'User that contributions are reassigned to.', (r) => r.reassign_to_user_id),
    reassignedByUser: userByIdField(t, 'User that did the reassignment.', (r) => r.reassigned_by_user_id),
  }),
});

const ImportSourceUserConnection = defineConnection('ImportSourceUser', ImportSourceUserRef);

/** `importSourceUsers` on a group or namespace: the top-level group's Owners only (null for others, as GitLab). */
const sourceUsersField = (t: PothosSchemaTypes.ObjectFieldBuilder<typeof builder.$inferSchemaTypes, { id: number }>) =>
  t.field({
    type: ImportSourceUserConnection,
    nullable: true,
    description:
      'Import source users of the namespace. This field can only be resolved for one namespace in any single request.',
    args: {
      ...pageArgs,
      statuses: t.arg({
        type: [ImportSourceUserStatusEnum],
        required: false,
        description: 'Filter mapping of users on source instance to users on destination instance by status.',
      }),
      search: t.arg.string({
        required: false,
        description: 'Query to search mappings by name or username of users on source instance.',
        extensions: { maxLength: 255 },
      }),
      sort: t.arg({
        type: SourceUserSortEnum,
        required: false,
        description: 'Sort mapping of users on source instance to users on destination instance by the criteria.',
      }),
    },
    resolve: async (source, args, c) => {
      const group = await c.loaders.group.load(source.id);
      if (!group || !canManageSourceUsers(c.actor, group)) return null;
      const rows = await listSourceUsers(c.ctx.database.db, group, {
        statuses: args.statuses ?? null,
        search: args.search ?? null,
        sort: args.sort ?? null,
      });
      return paginateArray(args, rows);
    },
  });

builder.objectField(NamespaceRef, 'importSourceUsers', (t) =>
  sourceUsersField(t as unknown as Parameters<typeof sourceUsersField>[0]),
);
builder.objectField(GroupRef, 'importSourceUsers', (t) =>
  sourceUsersField(t as unknown as Parameters<typeof sourceUsersField>[0]),
);

const idOf = (id: string) => gidArgument(id, ['Import::SourceUser'], 'id');
const payload = { key: 'importSourceUser', type: ImportSourceUserRef, description: 'Import source user.' } as const;
const idField = (t: Parameters<Parameters<typeof mutationInput>[1]>[0]) =>
  t.field({
    type: 'ImportSourceUserID',
    required: true,
    description: 'Global ID of the mapping of a user on source instance to a user on destination instance.',
  });

objectMutation('importSourceUserReassign', {
  input: mutationInput('ImportSourceUserReassign', (t) => ({
    id: idField(t),
    assigneeUserId: t.field({ type: 'UserID', required: true, description: 'Global ID of the assignee user.' }),
  })),
  payload,
  description: 'Asks a user to take over the contributions of an import source user (they accept or reject by email).',
  change: (input, c) =>
    reassignSourceUser(
      serviceContext(c.ctx, c.actor),
      idOf(input.id),
      gidArgument(input.assigneeUserId, ['User'], 'assigneeUserId'),
    ),
});

objectMutation('importSourceUserCancelReassignment', {
  input: mutationInput('ImportSourceUserCancelReassignment', (t) => ({ id: idField(t) })),
  payload,
  description: 'Cancels the reassignment of an import source user that awaits approval.',
  change: (input, c) => cancelSourceUserReassignment(serviceContext(c.ctx, c.actor), idOf(input.id)),
});

objectMutation('importSourceUserKeepAsPlaceholder', {
  input: mutationInput('ImportSourceUserKeepAsPlaceholder', (t) => ({ id: idField(t) })),
  payload,
  description: 'Keeps the contributions of an import source user with its placeholder user.',
  change: (input, c) => keepSourceUserAsPlaceholder(serviceContext(c.ctx, c.actor), idOf(input.id)),
});

objectMutation('importSourceUserResendNotification', {
  input: mutationInput('ImportSourceUserResendNotification', (t) => ({ id: idField(t) })),
  payload,
  description: 'Sends the reassignment request to the assignee again.',
  change: (input, c) => resendSourceUserNotification(serviceContext(c.ctx, c.actor), idOf(input.id)),
});

objectMutation('importSourceUserUndoKeepAsPlaceholder', {
  input: mutationInput('ImportSourceUserUndoKeepAsPlaceholder', (t) => ({ id: idField(t) })),
  payload,
  description: 'Undoes keeping the contributions with the placeholder: the import source user may be reassigned.',
  change: (input, c) => undoKeepSourceUserAsPlaceholder(serviceContext(c.ctx, c.actor), idOf(input.id)),
});

type KeepAllPayload = MutationPayload & { updatedImportSourceUserCount: number | null };

inputMutation('importSourceUserKeepAllAsPlaceholder', {
  input: mutationInput('ImportSourceUserKeepAllAsPlaceholder', (t) => ({
    namespaceId: t.field({ type: 'NamespaceID', required: true, description: 'Global ID of the namespace.' }),
  })),
  payload: payloadType<KeepAllPayload>('ImportSourceUserKeepAllAsPlaceholderPayload', (t) => ({
    updatedImportSourceUserCount: t.int({
      nullable: true,
      description: 'Number of successfully updated mappings of users on source instance to their destination users.',
      resolve: (p) => p.updatedImportSourceUserCount,
    }),
  })),
  description:
    'Keeps the contributions of every import source user of the namespace still pending with its placeholder.',
  resolve: (input, c) =>
    mutationPayload(input, { updatedImportSourceUserCount: null as number | null }, async (out) => {
      out.updatedImportSourceUserCount = await keepAllSourceUsersAsPlaceholders(
        serviceContext(c.ctx, c.actor),
        gidArgument(input.namespaceId, ['Namespace', 'Group'], 'namespaceId'),
      );
    }),
});
