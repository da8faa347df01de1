import { ExecutionContext } from '@nestjs/common';
import { EventEmitter } from 'node:events';
import { Request, Response } from 'express';
import { InFlightGuard, countInFlight, requestsInFlight, settleRequest } from './in-flight';

function arrive(): { request: Request; response: EventEmitter } {
  const request = {} as Request;
  const response = new EventEmitter();
  countInFlight(request, response as unknown as Response, () => undefined);
  return { request, response };
}

function enterPipeline(request: Request): void {
  new InFlightGuard().canActivate({ switchToHttp: () => ({ getRequest: () => request }) } as unknown as ExecutionContext);
}

describe('requests in flight', () => {
  it('counts a request that never reaches a handler until its response closes', () => {
    const before = requestsInFlight();
    const { response } = arrive();
    expect(requestsInFlight()).toBe(before + 1);
    response.emit('close');
    expect(requestsInFlight()).toBe(before);
  });

  it('keeps counting a request whose client went away until its handler is done', () => {
    const before = requestsInFlight();
    const { request, response } = arrive();
    enterPipeline(request);
    response.emit('close');
    expect(requestsInFlight()).toBe(before + 1);
    settleRequest(request);
    expect(requestsInFlight()).toBe(before);
  });

  it('counts each request once, whatever settles it and how often', () => {
    const before = requestsInFlight();
    const { request, response } = arrive();
    enterPipeline(request);
    settleRequest(request);
    settleRequest(request);
    expect(requestsInFlight()).toBe(before + 1);
    response.emit('close');
    response.emit('close');
    expect(requestsInFlight()).toBe(before);
  });
});
