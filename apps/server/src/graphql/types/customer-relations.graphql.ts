import { builder } from '../builder';
import { defineConnection } from '../connection';

/*
 * GitLab's customer relations (CRM) contacts and organizations, which its work item documents select
 * through the CRM contacts widget. Meridian keeps no CRM: the types exist so those documents
 * validate, and every list of them is empty.
 */

const CustomerRelationsOrganization = builder.objectRef<never>('CustomerRelationsOrganization').implement({
  description: 'A customer relations organization.',
  fields: (t) => ({
    id: t.id({ description: 'Internal ID of the organization.', resolve: () => '' }),
    name: t.string({ description: 'Name of the organization.', resolve: () => '' }),
    description: t.string({
      nullable: true,
      description: 'Description of or notes for the organization.',
      resolve: () => null,
    }),
    defaultRate: t.float({
      nullable: true,
      description: 'Standard billing rate for the organization.',
      resolve: () => null,
    }),
  }),
});

const CustomerRelationsContact = builder.objectRef<never>('CustomerRelationsContact').implement({
  description: 'A customer relations contact.',
  fields: (t) => ({
    id: t.id({ description: 'Internal ID of the contact.', resolve: () => '' }),
    email: t.string({ nullable: true, description: 'Email address of the contact.', resolve: () => null }),
    firstName: t.string({ description: 'First name of the contact.', resolve: () => '' }),
    lastName: t.string({ description: 'Last name of the contact.', resolve: () => '' }),
    phone: t.string({ nullable: true, description: 'Phone number of the contact.', resolve: () => null }),
    description: t.string({
      nullable: true,
      description: 'Description of or notes for the contact.',
      resolve: () => null,
    }),
    organization: t.field({
      type: CustomerRelationsOrganization,
      nullable: true,
      description: 'Organization of the contact.',
      resolve: () => null,
    }),
  }),
});

export const CustomerRelationsContactConnection = defineConnection(
  'CustomerRelationsContact',
  CustomerRelationsContact,
);
