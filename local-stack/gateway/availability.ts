/**
 * What the gateway answers while a service behind a route is not up (../supervisor.ts): 503 with `Retry-After`
 * while it is restarting (supabase-js's PostgREST client waits that long and retries reads by itself), and 503 with
 * a message saying it was given up on when it crashed too often. Kong answers an upstream that cannot be reached the
 * same way once its health checks mark it down.
 */
import type { ServerResponse } from 'node:http';
import { sendJson } from '../http.ts';
import type { SupervisedService } from '../supervisor.ts';

/** The services a route needs, in the order they are checked (the database before what runs on it). */
export type RouteNeeds = readonly SupervisedService[];

/** Answers 503 and returns true when a service the route needs is not up; false lets the request through. */
export function answerIfUnavailable(res: ServerResponse, needs: RouteNeeds | undefined): boolean {
  const down = needs?.find((service) => service.state() !== 'up');
  if (!down) return false;
  if (down.state() === 'restarting') {
    sendJson(res, 503, { message: `${down.name} is restarting; try again in a moment.` }, { 'Retry-After': String(down.retryAfterSeconds()) });
  } else {
    sendJson(res, 503, { message: `${down.name} is down and was not restarted; restart the local stack (npm start).` });
  }
  return true;
}
