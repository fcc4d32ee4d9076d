// Input errors of the ingestion stage. The engine has no i18n: an error carries a stable code and a message key
// that the NestJS service translates (with `details` as message arguments).

/** Stable error codes of a rejected upload, each with the message key the service translates. */
export const CHECK_INPUT_ERRORS = {
  empty: 'check.input.empty',
  too_large: 'check.input.tooLarge',
  encrypted_pdf: 'check.input.encryptedPdf',
  scanned_pdf: 'check.input.scannedPdf',
  corrupt_file: 'check.input.corruptFile',
  unsupported_type: 'check.input.unsupportedType',
} as const;

/** One of the stable codes of `CHECK_INPUT_ERRORS`. */
export type CheckInputErrorCode = keyof typeof CHECK_INPUT_ERRORS;

/** Message arguments: which limit was passed (`bytes`, `chars`, `pages`), the limit and the actual figure. */
export interface CheckInputErrorDetails {
  limit?: 'bytes' | 'chars' | 'pages';
  max?: number;
  actual?: number;
  format?: string;
}

/** A file that cannot be checked; thrown instead of returning a partial result. `message` is the message key. */
export class CheckInputError extends Error {
  readonly code: CheckInputErrorCode;
  readonly details: CheckInputErrorDetails;

  constructor(code: CheckInputErrorCode, details: CheckInputErrorDetails = {}, options?: { cause?: unknown }) {
    super(CHECK_INPUT_ERRORS[code], options);
    this.name = 'CheckInputError';
    this.code = code;
    this.details = details;
  }
}

/** True for a `CheckInputError` (also across module copies, e.g. a worker thread's). */
export function isCheckInputError(error: unknown): error is CheckInputError {
  return error instanceof CheckInputError || (error instanceof Error && error.name === 'CheckInputError' && 'code' in error);
}
