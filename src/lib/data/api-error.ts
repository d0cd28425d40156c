/**
 * The one error shape of every API function (`src/lib/data/api`, `src/features/<feature>/api`):
 * `code` (PostgREST's SQLSTATE or error code, a function's `code`, or 'network'/'unknown'), the
 * provider's `message` (English, for the console), and `field`: the input the database refused. The
 * database's validation triggers raise SQLSTATE 23514 with the field path in DETAIL (e.g. `hotel.website`),
 * which PostgREST passes on as `details`; screens show their own, translated message at that field.
 */

/** What `details` must look like to name a field: a dotted path of identifiers, e.g. `content.wifi.network`. */
const fieldPath = /^[a-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;

export class ApiError extends Error {
  readonly code: string;
  readonly field: string | null;

  constructor({ code, message, field = null }: { code: string; message: string; field?: string | null }) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.field = field;
  }
}

/** The fields of a PostgREST, Storage or plain error that we read; all optional because any value may be thrown. */
interface ProviderError {
  code?: unknown;
  message?: unknown;
  details?: unknown;
  /** Storage's HTTP status as text, when its answer carries no `code`. */
  statusCode?: unknown;
}

function isObject(value: unknown): value is ProviderError {
  return typeof value === 'object' && value !== null;
}

/** fetch's own failure (offline, DNS, CORS): no answer from the server at all. */
function isNetworkFailure(error: unknown): boolean {
  return (
    error instanceof TypeError || (isObject(error) && typeof error.message === 'string' && /failed to fetch|network ?error|load failed/i.test(error.message))
  );
}

/** Turns anything a Supabase call can fail with into an ApiError (an ApiError passes through unchanged). */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (isObject(error)) {
    const message = typeof error.message === 'string' && error.message !== '' ? error.message : 'Unknown error';
    const details = typeof error.details === 'string' ? error.details.trim() : '';
    if (typeof error.code === 'string' && error.code !== '') {
      return new ApiError({ code: error.code, message, field: fieldPath.test(details) ? details : null });
    }
    if (typeof error.statusCode === 'string' && error.statusCode !== '') return new ApiError({ code: `http_${error.statusCode}`, message });
    return new ApiError({ code: isNetworkFailure(error) ? 'network' : 'unknown', message });
  }
  return new ApiError({ code: 'unknown', message: String(error) });
}

/** Throws the PostgREST/Storage error of a supabase-js answer as an ApiError. */
export function throwIfError(error: unknown): void {
  if (error) throw toApiError(error);
}

export function isApiError(error: unknown, code?: string): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}

/**
 * SQLSTATEs that mean "the database refused this input" (check, not-null, too long, bad text
 * representation): the host can fix them, unlike a failure of the operation itself.
 */
export const invalidInputCodes: ReadonlySet<string> = new Set(['23514', '23502', '22001', '22P02']);

/** The quota trigger's SQLSTATE: 'You have reached your QR code limit.' */
export const quotaCode = 'QUOTA';

/** Postgres refusing a write that row-level security or a role check does not allow. */
export const permissionDeniedCode = '42501';

/** Our code for "no such row, or not the caller's" (RLS hides other owners' rows; a write then changes 0 rows). */
export const notFoundCode = 'not_found';

/** Postgres refusing a malformed id (not a uuid): for the host simply "not found". */
export const malformedIdCode = '22P02';

/**
 * Turns a `functions.invoke` error into an ApiError with the function's own `{ code, message }` when it
 * answered with one (our functions always do), else `http_<status>`; no answer at all is 'network'.
 */
/**
 * functions-js's FunctionsHttpError (a non-2xx answer), recognised by the name it sets rather than by its class:
 * importing the class would put supabase-js into every page that shows an error, visitors' pages included.
 */
function isFunctionsHttpError(error: unknown): error is Error & { context: unknown } {
  return error instanceof Error && error.name === 'FunctionsHttpError' && 'context' in error;
}

export async function readFunctionError(error: unknown): Promise<ApiError> {
  if (isFunctionsHttpError(error)) {
    const response: unknown = error.context;
    if (!(response instanceof Response)) return new ApiError({ code: 'unknown', message: error.message });
    let body: unknown = null;
    try {
      body = await response.clone().json();
    } catch {
      body = await response.text().catch(() => null);
    }
    const answer: ProviderError & { msg?: unknown } = isObject(body) ? body : {};
    const code = typeof answer.code === 'string' ? answer.code : `http_${response.status}`;
    const message = typeof answer.message === 'string' ? answer.message : typeof answer.msg === 'string' ? answer.msg : String(body ?? error.message);
    return new ApiError({ code, message });
  }
  return new ApiError({ code: 'network', message: error instanceof Error ? error.message : String(error) });
}
