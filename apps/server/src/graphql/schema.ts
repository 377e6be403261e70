import { builder } from './builder';
import './types/user.graphql';
import './types/group.graphql';
import './types/project.graphql';
import './types/label.graphql';
import './types/milestone.graphql';
import './types/issue.graphql';
import './types/issue-by-id.graphql';
import './types/epic.graphql';
import './types/epic-tree.graphql';
import './types/epic-mutations.graphql';
import './types/epic-sidebar.graphql';
import './types/roadmap-epics.graphql';
import './types/issue-mutations.graphql';
import './types/note-mutations.graphql';
import './types/iteration.graphql';
import './types/autocomplete-users.graphql';
import './types/merge-request.graphql';
import './types/work-item-type.graphql';
import './types/work-item-namespace.graphql';
import './types/work-item-widgets.graphql';
import './types/work-item.graphql';
import './types/work-item-queries.graphql';
import './types/work-item-mutations.graphql';
import './types/imported.graphql';
import './live/subscriptions.graphql';

/** The whole GraphQL schema, built once at start. */
export const schema = builder.toSchema({ sortSchema: true });
