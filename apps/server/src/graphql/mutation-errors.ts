import { DomainError } from '../errors';

/** GitLab's answer when the target of a mutation is missing, hidden or not yours to change. */
const RESOURCE_NOT_AVAILABLE =
  "The resource that you are attempting to access does not exist or you don't have permission to perform this action";

/** The fields every mutation payload carries, as GitLab's. */
export interface MutationPayload {
  clientMutationId: string | null;
  errors: string[];
}

/**
 * Runs a mutation's service call and sorts its failures the way GitLab does: validation problems
 * (400, 409, 422) go to the payload's `errors`; a target that is missing, hidden or forbidden
 * (or an anonymous caller) is a top-level error with one message for all, so existence never shows.
 */
export async function mutationErrors(run: () => Promise<void>): Promise<string[]> {
  try {
    await run();
    return [];
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    if (error.code === 'bad_request' || error.code === 'unprocessable' || error.code === 'conflict') {
      return [error.message];
    }
    if (error.code === 'not_found' || error.code === 'forbidden' || error.code === 'unauthorized') {
      throw new DomainError(error.code === 'forbidden' ? 'forbidden' : 'not_found', RESOURCE_NOT_AVAILABLE);
    }
    throw error;
  }
}
