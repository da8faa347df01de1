import { Request, RequestHandler } from 'express';
import methodOverride from 'method-override';

/** What WordPress's JavaScript client tunnels through POST; anything else keeps the request's own method. */
const TUNNELLED = new Set(['PUT', 'PATCH', 'DELETE']);

/**
 * WordPress's REST server takes the method from `_method` or X-HTTP-Method-Override (the query
 * parameter first), and its JavaScript client sends PUT, PATCH and DELETE that way through proxies
 * that allow only POST: a tunnelled DELETE must delete, not update. Only a POST is tunnelled, and
 * only into those three (a HEAD would leave a body-less answer with a length on the connection),
 * before routing, so every guard sees the method that runs. Cross-site browser writes are refused
 * apart (cross-site-writes.ts).
 */
export const methodTunnel: RequestHandler = methodOverride(tunnelledMethod, { methods: ['POST'] });

function tunnelledMethod(request: Request): string {
  const query = (request.query as Record<string, unknown>)._method;
  const header = request.headers['x-http-method-override'];
  const asked = typeof query === 'string' ? query : typeof header === 'string' ? header : '';
  // An empty answer leaves the method as it is (method-override keeps it when no method matches).
  return TUNNELLED.has(asked.trim().toUpperCase()) ? asked.trim() : '';
}
