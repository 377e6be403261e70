import type { ExecutionResult } from 'graphql';
import { GraphQLError } from 'graphql';
import mercurius, { type MercuriusContext } from 'mercurius';
import { DomainError, type DomainErrorCode, statusForCode } from '../errors';

/** DomainError codes as GraphQL `extensions.code` values. */
const graphqlCodes: Record<DomainErrorCode, string> = {
  bad_request: 'BAD_USER_INPUT',
  unauthorized: 'UNAUTHENTICATED',
  forbidden: 'FORBIDDEN',
  not_found: 'NOT_FOUND',
  conflict: 'CONFLICT',
  unprocessable: 'UNPROCESSABLE',
  payload_too_large: 'PAYLOAD_TOO_LARGE',
  rate_limited: 'RATE_LIMITED',
  bad_gateway: 'BAD_GATEWAY',
  service_unavailable: 'SERVICE_UNAVAILABLE',
};

/** One error as the client sees it: domain errors keep their message and get a code; internal ones are masked. */
function present(error: GraphQLError, log: MercuriusContext['reply']['log'] | undefined): GraphQLError {
  const original = error.originalError;
  if (original instanceof DomainError) {
    return new GraphQLError(original.message, {
      nodes: error.nodes,
      source: error.source,
      positions: error.positions,
      path: error.path,
      extensions: { code: graphqlCodes[original.code], ...(original.field ? { field: original.field } : {}) },
    });
  }
  if (original && !(original instanceof GraphQLError) && !('statusCode' in original) && !('errors' in original)) {
    log?.error({ err: original }, 'GraphQL resolver failed');
    return new GraphQLError('Internal server error', {
      nodes: error.nodes,
      source: error.source,
      positions: error.positions,
      path: error.path,
      extensions: { code: 'INTERNAL_SERVER_ERROR' },
    });
  }
  return error;
}

/** Maps errors ONCE for the whole GraphQL transport, then lets Mercurius pick the status code. */
export function errorFormatter(
  execution: ExecutionResult & Required<Pick<ExecutionResult, 'errors'>>,
  context: MercuriusContext,
) {
  const log = context.reply?.log;
  const errors = execution.errors.map((e) => present(e, log));
  const formatted = mercurius.defaultErrorFormatter({ ...execution, errors }, context);
  // A request-level failure (bad token, CSRF) keeps its HTTP status, as for REST.
  const only = execution.errors.length === 1 ? execution.errors[0] : undefined;
  if (!execution.data && only && !only.path && only.originalError instanceof DomainError) {
    return { ...formatted, statusCode: statusForCode[only.originalError.code] };
  }
  // Nothing ran (bad variables, invalid document): a request error, 400 as for a malformed query.
  if (execution.data === undefined && execution.errors.every((e) => !e.path) && formatted.statusCode === 200) {
    return { ...formatted, statusCode: 400 };
  }
  return formatted;
}
