import { errorStatus, type ErrorCode } from '@parley/domain/errors';

/** A failure the user should hear about: its code picks the status, its message is shown. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields: Record<string, string> | undefined;

  constructor(code: ErrorCode, message: string, fields?: Record<string, string>, options?: { cause: unknown }) {
    super(message, options);
    this.name = 'AppError';
    this.code = code;
    this.fields = fields;
  }

  get status(): number {
    return errorStatus[this.code];
  }
}

export const notFound = (what = 'Not found') => new AppError('NOT_FOUND', what);
