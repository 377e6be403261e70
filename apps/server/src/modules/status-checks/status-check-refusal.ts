/**
 * A status check call GitLab refuses with its own body: validation failures are 422
 * `{"message": ["Name has already been taken"]}` (the model's full messages), a retry of a check that
 * has not failed is 422 `{"message": "External status check must be failed"}`.
 */
export class StatusCheckRefusal extends Error {
  constructor(
    readonly status: number,
    readonly body: { message: string | string[] },
  ) {
    super(Array.isArray(body.message) ? body.message.join(', ') : body.message);
    this.name = 'StatusCheckRefusal';
  }
}

export const invalidStatusCheck = (messages: string[]) => new StatusCheckRefusal(422, { message: messages });
