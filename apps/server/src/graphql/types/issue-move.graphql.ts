import { type IssueRow, moveIssue } from '../../modules/issues';
import { serviceContext } from '../../service-context';
import { inputMutation, mutationPayload } from '../input-mutation';
import { issueMutationInput, issuePayload, targetIssue } from './issue-mutations.graphql';
import { fullPathArgument, pathInputField } from './path-args';

/*
 * GitLab's issueMove: the service behind REST `POST /projects/:id/issues/:iid/move`, the target
 * named by its path (REST names it by id). The payload's issue is the new one, in the target.
 */

const IssueMoveInput = issueMutationInput('IssueMove', (t) => ({
  targetProjectPath: pathInputField(t, 'Project to move the issue to.'),
}));

inputMutation('issueMove', {
  input: IssueMoveInput,
  payload: issuePayload('IssueMovePayload'),
  description: 'Moves an issue to another project.',
  resolve: (input, c) =>
    mutationPayload(input, { issue: null as IssueRow | null }, async (out) => {
      const { project, iid } = await targetIssue(c, input.projectPath, input.iid);
      const fullPath = fullPathArgument(input.targetProjectPath, 'targetProjectPath');
      out.issue = (await moveIssue(serviceContext(c.ctx, c.actor), project, iid, { fullPath })).issue;
    }),
});
