/**
 * A failure a use case reports to its caller: the HTTP layer turns it into the error envelope
 * `{ success:false, code, message, details? }` with `status`.
 */
export class AppError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: { path: string; message: string }[] | undefined;
  /** For a refusal that passes with time (429, 423): the HTTP layer sends it as `Retry-After`. */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    status: number,
    code: string,
    message: string,
    details?: { path: string; message: string }[],
    options: { retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.status = status;
    this.code = code;
    this.details = details;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  /** Fastify's default error handler reads this, so a scope without the API error handler still answers `status`. */
  get statusCode(): number {
    return this.status;
  }
}
