import { Role } from './roles';

/** The caller, as the guards attach it to the request (`null` for anonymous). */
export interface AuthUser {
  readonly id: number;
  readonly username: string;
  readonly role: Role;
}

declare module 'express-serve-static-core' {
  interface Request {
    user?: AuthUser | null;
    /** Correlates a response, its error body and the server log. */
    id: string;
  }
}
