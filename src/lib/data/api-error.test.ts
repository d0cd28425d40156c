import { FunctionsHttpError } from '@supabase/functions-js';
import { describe, expect, it } from 'vitest';
import { ApiError, readFunctionError, toApiError } from './api-error';

describe('toApiError', () => {
  it('keeps the code and message of a PostgREST error and the field its details name', () => {
    const error = toApiError({
      code: '23514',
      message: 'hotel.website must be a web address starting with http:// or https://.',
      details: 'hotel.website',
      hint: null,
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: '23514', message: 'hotel.website must be a web address starting with http:// or https://.', field: 'hotel.website' });
  });

  it('names no field when details is a sentence (the quota error) or missing', () => {
    expect(toApiError({ code: 'QUOTA', message: 'You have reached your QR code limit.', details: '3 of 3 QR codes used.' })).toMatchObject({
      code: 'QUOTA',
      field: null,
    });
    expect(toApiError({ code: '42501', message: 'permission denied for table users', details: null })).toMatchObject({ code: '42501', field: null });
  });

  it('calls a failed fetch network, a Storage answer by its status, and anything else unknown', () => {
    expect(toApiError(new TypeError('Failed to fetch'))).toMatchObject({ code: 'network', message: 'Failed to fetch' });
    expect(toApiError({ message: 'The resource already exists', statusCode: '409' })).toMatchObject({ code: 'http_409' });
    expect(toApiError(new Error('boom'))).toMatchObject({ code: 'unknown', message: 'boom' });
    expect(toApiError('nope')).toMatchObject({ code: 'unknown', message: 'nope' });
  });

  it('passes an ApiError through unchanged', () => {
    const error = new ApiError({ code: 'not_found', message: 'QR code not found' });
    expect(toApiError(error)).toBe(error);
  });
});

describe('readFunctionError', () => {
  it("keeps the function's own code and message", async () => {
    const response = new Response(JSON.stringify({ code: 'already_subscribed', message: 'You already have a subscription.' }), { status: 409 });
    expect(await readFunctionError(new FunctionsHttpError(response))).toMatchObject({
      code: 'already_subscribed',
      message: 'You already have a subscription.',
      field: null,
    });
  });

  it('falls back to the HTTP status, and to network when nothing answered', async () => {
    expect(await readFunctionError(new FunctionsHttpError(new Response('Bad gateway', { status: 502 })))).toMatchObject({
      code: 'http_502',
      message: 'Bad gateway',
    });
    expect(await readFunctionError(new TypeError('Failed to fetch'))).toMatchObject({ code: 'network' });
  });
});
