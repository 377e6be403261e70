import { DomainError } from '../../errors';
import { MethodNotAllowedError } from '../merge-requests';

/**
 * A refusal or validation error of the service a command went through (a 405 of a merged merge
 * request's state included): that command is skipped. Anything else is unexpected and propagates.
 */
export function isExpected(error: unknown): boolean {
  if (error instanceof MethodNotAllowedError) return true;
  return error instanceof DomainError && error.code !== 'unauthorized' && error.code !== 'rate_limited';
}
