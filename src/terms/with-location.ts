import { Response } from 'express';
import { TermView } from './term.presenter';

/** A 201's `Location` header: the created term's REST URL. */
export function withLocation(response: Response, term: TermView): TermView {
  response.location(term.urls.self);
  return term;
}
