/** Typed domain errors; each transport maps `code` to its own status/shape in one place. */
export type DomainErrorCode =
  | 'bad_request' // malformed input: 400
  | 'unauthorized' // no or bad credentials: 401
  | 'forbidden' // known to the actor but not allowed (only when the actor may read it): 403
  | 'not_found' // missing, or hidden from the actor: 404
  | 'conflict' // stale lock_version, duplicate name: 409
  | 'unprocessable' // valid shape, invalid meaning: 422
  | 'payload_too_large' // 413
  | 'rate_limited' // 429
  | 'bad_gateway' // a third-party service answered nothing usable: 502
  | 'service_unavailable'; // a feature the instance has not configured: 503

export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    /** The input field the error is about, when there is one. */
    readonly field?: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const notFound = (what: string) => new DomainError('not_found', `404 ${what} Not Found`);
export const forbidden = (message = '403 Forbidden') => new DomainError('forbidden', message);
export const badRequest = (message: string, field?: string) => new DomainError('bad_request', message, field);
export const unprocessable = (message: string, field?: string) => new DomainError('unprocessable', message, field);
export const conflict = (message: string) => new DomainError('conflict', message);
export const serviceUnavailable = (message: string) => new DomainError('service_unavailable', message);
export const badGateway = (message: string) => new DomainError('bad_gateway', message);

export const statusForCode: Record<DomainErrorCode, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unprocessable: 422,
  payload_too_large: 413,
  rate_limited: 429,
  bad_gateway: 502,
  service_unavailable: 503,
};
